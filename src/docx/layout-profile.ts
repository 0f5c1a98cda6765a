import { AlignmentType, BorderStyle, ImageRun, LineRuleType, PageBreak, Paragraph, Tab, TabStopType, TextRun, type FileChild } from 'docx';
import type { ComposedDocument, LayoutName, Letterhead, LetterheadLogo, LifecycleState } from './composed-document.js';
import { ACCENT } from './styles.js';
import { xmlSafe } from './xml-text.js';

/**
 * What each layout draws around the body. The body itself (sections, library blocks, sources)
 * is the same in every layout; a layout decides the front matter (cover, memo header, letterhead
 * and addressee), the back matter (signature block), whether the first page has its own header
 * and footer, and whether a table of contents has a place at all.
 */
export interface LayoutProfile {
  /** A table of contents is drawn when the render options ask for one and the layout has room. */
  allowsToc: boolean;
  /** The first page carries its own (emptier) header and footer: a cover or a letterhead. */
  distinctFirstPage: boolean;
}

export const LAYOUT_PROFILES: Readonly<Record<LayoutName, LayoutProfile>> = {
  report: { allowsToc: true, distinctFirstPage: true },
  // A memo or a letter with a table of contents reads as a report in disguise.
  memo: { allowsToc: false, distinctFirstPage: false },
  letter: { allowsToc: false, distinctFirstPage: true },
  minimal: { allowsToc: true, distinctFirstPage: false },
};

export function layoutProfile(layout: LayoutName): LayoutProfile {
  return LAYOUT_PROFILES[layout] ?? LAYOUT_PROFILES.report;
}

const LIFECYCLE_LABELS: Record<LifecycleState, string> = {
  draft: 'Draft',
  'under-review': 'Under review',
  finalized: 'Finalized',
};

/** Logo height on the page, in pixels at 96 dpi (docx's unit for images): about 15 mm. */
const LOGO_HEIGHT_PX = 56;
/** Where the memo's values start, after "Subject:" and a gap (twips). */
const MEMO_VALUE_TAB = 1300;

export function formatDate(isoDate: string, language: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) return isoDate;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (Number.isNaN(date.getTime())) return isoDate;
  // UTC on both sides: the day printed never depends on the server's time zone.
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

function lines(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

function logoRun(logo: LetterheadLogo): ImageRun {
  const width = Math.max(1, Math.round((LOGO_HEIGHT_PX * logo.widthPx) / Math.max(1, logo.heightPx)));
  return new ImageRun({
    type: logo.type,
    data: logo.data,
    transformation: { width: Math.min(width, 4 * LOGO_HEIGHT_PX), height: LOGO_HEIGHT_PX },
    // An explicit drawing id: docx would otherwise take one from a process-wide counter, and the
    // same document would not give the same bytes twice.
    altText: { id: '1', name: 'Logo', description: 'Logo', title: 'Logo' },
  });
}

/**
 * The large DRAFT line of the report's cover. The other layouts have no cover: their page header
 * carries the DRAFT marker on every page, the first included, and the text starts at once.
 */
function draftMarker(doc: ComposedDocument): Paragraph[] {
  return doc.lifecycleState === 'finalized' ? [] : [new Paragraph({ style: 'DraftMarker', children: [new TextRun('DRAFT')] })];
}

/**
 * The logo paragraph that opens a report's cover or a letter's letterhead, or null (no logo, or
 * a layout without either). It is the one paragraph docx writes itself, before the body
 * placeholder: docx links an image to its part only in XML it compiles, not in the body written
 * apart (body-writer.ts).
 */
export function logoParagraph(doc: ComposedDocument): Paragraph | null {
  const logo = doc.letterhead?.logo;
  if (!logo) return null;
  if (doc.render.layout === 'report') return new Paragraph({ spacing: { after: 480 }, children: [logoRun(logo)] });
  if (doc.render.layout === 'letter') return new Paragraph({ alignment: AlignmentType.RIGHT, spacing: { after: 120 }, children: [logoRun(logo)] });
  return null;
}

/** Report: the cover page — logo, title, organization, the document's date, status, description. */
function reportCover(doc: ComposedDocument, language: string): Paragraph[] {
  const paragraphs: Paragraph[] = [];
  paragraphs.push(
    new Paragraph({ style: 'Title', children: [new TextRun(xmlSafe(doc.title))] }),
    new Paragraph({ style: 'Subtitle', children: [new TextRun(xmlSafe(doc.layoutBlocks?.party?.trim() || doc.organizationName))] }),
    new Paragraph({ style: 'TitleMeta', children: [new TextRun(xmlSafe(formatDate(doc.date, language)))] }),
    new Paragraph({
      style: 'TitleMeta',
      children: [new TextRun({ text: 'Status: ', bold: true }), new TextRun(LIFECYCLE_LABELS[doc.lifecycleState] ?? doc.lifecycleState)],
    }),
  );
  if (doc.description?.trim()) {
    paragraphs.push(new Paragraph({ spacing: { before: 480 }, children: [new TextRun(xmlSafe(doc.description.trim()))] }));
  }
  paragraphs.push(...draftMarker(doc));
  return paragraphs;
}

/** Memo: "Memorandum", then To / From / Date / Subject on tab-aligned lines, ruled off from the body. */
function memoHeader(doc: ComposedDocument, language: string): Paragraph[] {
  const blocks = doc.layoutBlocks ?? {};
  const rows: Array<[string, string]> = [];
  const to = lines(blocks.to).join(', ');
  const from = lines(blocks.from).join(', ');
  if (to) rows.push(['To:', to]);
  if (from) rows.push(['From:', from]);
  rows.push(['Date:', formatDate(doc.date, language)]);
  rows.push(['Subject:', lines(blocks.subject).join(' ') || doc.title]);
  const tabStops = [{ type: TabStopType.LEFT, position: MEMO_VALUE_TAB }];
  const paragraphs: Paragraph[] = [
    new Paragraph({ style: 'Title', spacing: { after: 240 }, children: [new TextRun('Memorandum')] }),
    ...rows.map(
      ([label, value], i) =>
        new Paragraph({
          tabStops,
          keepNext: true,
          spacing: { after: 60 },
          // The last line carries the rule that separates the header from the memo's text.
          ...(i === rows.length - 1 ? { border: { bottom: { style: BorderStyle.SINGLE, size: 8, color: ACCENT, space: 6 } }, spacing: { after: 360 } } : {}),
          children: [new TextRun({ text: label, bold: true }), new TextRun({ children: [new Tab()] }), new TextRun(xmlSafe(value))],
        }),
    ),
  ];
  return paragraphs;
}

function letterheadBlock(letterhead: Letterhead): Paragraph[] {
  const paragraphs: Paragraph[] = [];
  paragraphs.push(
    new Paragraph({
      alignment: AlignmentType.RIGHT,
      spacing: { after: 0 },
      children: [new TextRun({ text: xmlSafe(letterhead.name), bold: true, size: 28, color: ACCENT })],
    }),
  );
  for (const line of letterhead.addressLines) {
    paragraphs.push(new Paragraph({ alignment: AlignmentType.RIGHT, spacing: { after: 0 }, children: [new TextRun({ text: xmlSafe(line), size: 18 })] }));
  }
  // Space between the letterhead and the date line.
  paragraphs.push(new Paragraph({ spacing: { after: 480 }, children: [] }));
  return paragraphs;
}

/** Letter: letterhead, date line, addressee block, subject. The salutation is the body's. */
function letterOpening(doc: ComposedDocument, language: string): Paragraph[] {
  const blocks = doc.layoutBlocks ?? {};
  const letterhead = doc.letterhead ?? { name: doc.organizationName, addressLines: [] };
  const paragraphs: Paragraph[] = [
    ...letterheadBlock(letterhead),
    new Paragraph({ spacing: { after: 360 }, children: [new TextRun(xmlSafe(formatDate(doc.date, language)))] }),
  ];
  const addressee = lines(blocks.addressee);
  addressee.forEach((line, i) => {
    paragraphs.push(new Paragraph({ keepNext: true, spacing: { after: i === addressee.length - 1 ? 360 : 0 }, children: [new TextRun(xmlSafe(line))] }));
  });
  const subject = lines(blocks.subject).join(' ') || doc.title;
  paragraphs.push(new Paragraph({ keepNext: true, spacing: { after: 240 }, children: [new TextRun({ text: xmlSafe(subject), bold: true })] }));
  return paragraphs;
}

/** Minimal: the title and the date, then the text. */
function minimalOpening(doc: ComposedDocument, language: string): Paragraph[] {
  return [
    new Paragraph({ style: 'Title', children: [new TextRun(xmlSafe(doc.title))] }),
    new Paragraph({ style: 'TitleMeta', spacing: { after: 360 }, children: [new TextRun(xmlSafe(formatDate(doc.date, language)))] }),
  ];
}

/**
 * The body's opening for the layout, up to where the sections start. `toc` is the table of
 * contents, already built, when the document has one (placed where the layout puts it).
 */
export function frontMatter(doc: ComposedDocument, language: string, toc: FileChild[] | null): FileChild[] {
  const pageBreak = (): Paragraph => new Paragraph({ children: [new PageBreak()] });
  switch (doc.render.layout) {
    case 'memo':
      return memoHeader(doc, language);
    case 'letter':
      return letterOpening(doc, language);
    case 'minimal':
      return [...minimalOpening(doc, language), ...(toc ?? [])];
    case 'report':
    default:
      return [...reportCover(doc, language), pageBreak(), ...(toc ? [...toc, pageBreak()] : [])];
  }
}

/**
 * The letter's closing and signature block, after the body and before the sources: kept on one
 * page (each line keeps with the next), with room above the name for a handwritten signature;
 * then the addressee's acceptance, when the template has one.
 */
export function backMatter(doc: ComposedDocument): FileChild[] {
  if (doc.render.layout !== 'letter') return [];
  const blocks = doc.layoutBlocks ?? {};
  const signature = lines(blocks.signature);
  const acceptance = acceptanceBlock(blocks.acceptance);
  if (signature.length === 0) return acceptance;
  const closing = lines(blocks.closing).join(' ') || 'Yours sincerely,';
  return [
    new Paragraph({ keepNext: true, keepLines: true, spacing: { before: 360, after: 0 }, children: [new TextRun(xmlSafe(closing))] }),
    // The signature space: an empty paragraph tall enough to sign in.
    new Paragraph({ keepNext: true, spacing: { before: 0, after: 0, line: 960, lineRule: LineRuleType.EXACT }, children: [] }),
    // The signer's name in bold, then role and organization.
    ...signature.map(
      (line, i) =>
        new Paragraph({ keepNext: i < signature.length - 1, spacing: { after: 0 }, children: [new TextRun({ text: xmlSafe(line), bold: i === 0 })] }),
    ),
    ...acceptance,
  ];
}

/**
 * The addressee's acceptance after the firm's signature: a letter is signed by its sender first,
 * then countersigned by the addressee below, never above "Yours sincerely". Starts with a little
 * space and stays on one page with itself.
 */
function acceptanceBlock(text: string | null | undefined): FileChild[] {
  const acceptance = lines(text);
  return acceptance.map(
    (line, i) =>
      new Paragraph({
        keepNext: i < acceptance.length - 1,
        keepLines: true,
        spacing: { before: i === 0 ? 600 : 120, after: 0 },
        children: [new TextRun(xmlSafe(line))],
      }),
  );
}
