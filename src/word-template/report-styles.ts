/**
 * The template's styles a generated section is written in, by Word's built-in names (matched
 * case-insensitively: LibreOffice and Word write "heading 1", other tools "Heading 1"), for the
 * inspect report: which the template defines (name → style id) and which section placement will
 * fall back for.
 */
import type { TemplatePackage } from './docx-package-type.js';

const ROLES: ReadonlyArray<{ name: string; type: string }> = [
  { name: 'Normal', type: 'paragraph' },
  { name: 'heading 1', type: 'paragraph' },
  { name: 'heading 2', type: 'paragraph' },
  { name: 'heading 3', type: 'paragraph' },
  { name: 'List Bullet', type: 'paragraph' },
  { name: 'List Number', type: 'paragraph' },
  { name: 'Table Grid', type: 'table' },
  { name: 'footnote text', type: 'paragraph' },
  { name: 'footnote reference', type: 'character' },
];

export function reportStyles(pkg: TemplatePackage): { found: Record<string, string>; missing: string[] } {
  const xml = pkg.get('word/styles.xml');
  const styles = typeof xml === 'string' ? [...xml.matchAll(/<w:style\b([^>]*)>([\s\S]*?)<\/w:style>/g)] : [];
  const defined = styles.map(([, attributes, body]) => ({
    id: /w:styleId="([^"]*)"/.exec(attributes)?.[1] ?? '',
    type: /w:type="([^"]*)"/.exec(attributes)?.[1] ?? 'paragraph',
    name: (/<w:name\s+w:val="([^"]*)"/.exec(body)?.[1] ?? '').toLowerCase(),
  }));
  const found: Record<string, string> = {};
  const missing: string[] = [];
  for (const role of ROLES) {
    const style = defined.find((candidate) => candidate.type === role.type && candidate.name === role.name.toLowerCase());
    if (style) found[role.name] = style.id;
    else missing.push(role.name);
  }
  return { found, missing };
}
