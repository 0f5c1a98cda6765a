/**
 * A Word package held in memory while its parts are filled and sections placed: zip path → XML
 * text for `.xml` and `.rels` parts, bytes for anything else (images, fonts, embeddings). The
 * same shape as section placement's `DocxPackage` (place-sections.ts).
 */
export type TemplatePackage = Map<string, string | Uint8Array>;

/** Parts whose text holds tags: the body, headers, footers, footnotes and endnotes. */
const TEMPLATED_PART = /^word\/(document|header\d*|footer\d*|footnotes|endnotes)\.xml$/;

/** The templated parts of a package in report order: body, headers, footers, footnotes, endnotes. */
export function templatedParts(pkg: TemplatePackage): string[] {
  const rank = (path: string): number => ['document', 'header', 'footer', 'footnotes', 'endnotes'].findIndex((kind) => path.startsWith(`word/${kind}`));
  return [...pkg.keys()]
    .filter((path) => TEMPLATED_PART.test(path) && typeof pkg.get(path) === 'string')
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b, 'en', { numeric: true }));
}

export function areaOf(path: string): 'body' | 'header' | 'footer' | 'footnotes' | 'endnotes' {
  if (path.startsWith('word/header')) return 'header';
  if (path.startsWith('word/footer')) return 'footer';
  if (path === 'word/footnotes.xml') return 'footnotes';
  if (path === 'word/endnotes.xml') return 'endnotes';
  return 'body';
}
