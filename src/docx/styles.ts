import { BorderStyle, LineRuleType, ShadingType, type IBaseParagraphStyleOptions, type IStylesOptions } from 'docx';
import type { RenderOptions } from './composed-document.js';
import { baseFontSize, documentLanguage, fontFamily } from './render-options.js';

/**
 * The document's styles. Everything is formatted through named styles rather than direct
 * formatting, so a reader can restyle the document in Word, and the style names are the ones
 * pandoc and Word recognise ("Quote", "Source Code", "Verbatim Char").
 */

export const MONO_FONT = 'Consolas';
export const ACCENT = '1F3864'; // dark navy headings
export const TABLE_HEADER_FILL = 'D9E2F3';
export const TABLE_BORDER = 'A6A6A6';
export const RISK_FILL = 'FDF1E7';
export const RISK_ACCENT = 'C55A11';
export const DRAFT_COLOR = 'C00000';

const halfPoints = (pt: number): number => Math.round(pt * 2);

/**
 * Widow and orphan control: no paragraph leaves one line alone at the foot or the head of a page.
 * docx writes `w:widowControl` from style options but leaves it out of their type, hence the
 * spread. Word's own Normal style has it; without it LibreOffice and Word break anywhere.
 */
const WIDOW_CONTROL: object = { widowControl: true };

function heading(font: string, sizePt: number, opts: { italic?: boolean; before: number; after: number; outline: number }): IBaseParagraphStyleOptions {
  return {
    run: { font, size: halfPoints(sizePt), bold: true, italics: opts.italic, color: ACCENT },
    paragraph: {
      spacing: { before: opts.before, after: opts.after },
      keepNext: true,
      keepLines: true,
      outlineLevel: opts.outline,
    },
  };
}

type ParagraphStyle = NonNullable<IStylesOptions['paragraphStyles']>[number];

/** The named styles of a document in the given font, base size and language. */
export function buildStyles(render: RenderOptions): IStylesOptions {
  const font = fontFamily(render);
  const size = baseFontSize(render);
  return {
    default: defaultStyles(font, size, documentLanguage(render)),
    paragraphStyles: [...titlePageStyles(font, size), ...quotationStyles(size), ...boundPartStyles(size), ...referenceStyles(size)],
    characterStyles: [
      {
        id: 'VerbatimChar',
        name: 'Verbatim Char',
        basedOn: 'DefaultParagraphFont',
        run: { font: MONO_FONT, noProof: true, shading: { type: ShadingType.CLEAR, color: 'auto', fill: 'F2F2F2' } },
      },
    ],
  };
}

/** Word's built-in styles: the document default, the title, the headings and list paragraphs. */
function defaultStyles(font: string, size: number, lang: string): IStylesOptions['default'] {
  return {
    document: {
      // w:lang here is what makes Word spell-check the whole document in the right language.
      run: { font, size: halfPoints(size), language: { value: lang, eastAsia: lang, bidirectional: lang } },
      // lineRule is explicit: LibreOffice reads a bare w:line as an exact height, which overlaps large text.
      paragraph: { ...WIDOW_CONTROL, spacing: { after: 120, line: 276, lineRule: LineRuleType.AUTO } },
    },
    title: {
      run: { font, size: halfPoints(Math.round(size * 2.5)), bold: true, color: ACCENT },
      paragraph: { spacing: { before: 2400, after: 240, line: 240, lineRule: LineRuleType.AUTO } },
    },
    heading1: heading(font, size + 5, { before: 360, after: 120, outline: 0 }),
    heading2: heading(font, size + 3, { before: 280, after: 100, outline: 1 }),
    heading3: heading(font, size + 1.5, { before: 240, after: 80, outline: 2 }),
    heading4: heading(font, size + 0.5, { before: 200, after: 60, outline: 3 }),
    heading5: heading(font, size, { italic: true, before: 160, after: 40, outline: 4 }),
    heading6: heading(font, size, { italic: true, before: 160, after: 40, outline: 5 }),
    listParagraph: { paragraph: { spacing: { after: 60 }, contextualSpacing: true } },
  };
}

/** The title page and the table of contents: subtitle, the metadata lines, the draft marker, the contents heading. */
function titlePageStyles(font: string, size: number): ParagraphStyle[] {
  return [
    {
      id: 'Subtitle',
      name: 'Subtitle',
      basedOn: 'Normal',
      next: 'Normal',
      quickFormat: true,
      run: { font, size: halfPoints(size * 1.45), color: '404040' },
      paragraph: { spacing: { after: 480 } },
    },
    {
      id: 'TitleMeta',
      name: 'Title Meta',
      basedOn: 'Normal',
      run: { color: '595959' },
      paragraph: { spacing: { after: 60 } },
    },
    {
      id: 'DraftMarker',
      name: 'Draft Marker',
      basedOn: 'Normal',
      run: { bold: true, color: DRAFT_COLOR, size: halfPoints(size * 2), characterSpacing: 60 },
      paragraph: { spacing: { before: 720 } },
    },
    {
      id: 'TOCHeading',
      name: 'TOC Heading',
      basedOn: 'Normal',
      next: 'Normal',
      run: { font, bold: true, color: ACCENT, size: halfPoints(size + 5) },
      paragraph: { spacing: { after: 240 } },
    },
  ];
}

/** Quoted and verbatim blocks of a section's body: quotes and code. */
function quotationStyles(size: number): ParagraphStyle[] {
  return [
    {
      id: 'Quote',
      name: 'Quote',
      basedOn: 'Normal',
      next: 'Normal',
      quickFormat: true,
      run: { italics: true, color: '404040' },
      paragraph: {
        indent: { left: 567, right: 567 },
        border: { left: { style: BorderStyle.SINGLE, size: 18, color: 'BFBFBF', space: 8 } },
      },
    },
    {
      id: 'SourceCode',
      name: 'Source Code',
      basedOn: 'Normal',
      run: { font: MONO_FONT, size: halfPoints(Math.max(size - 2, 7)), noProof: true },
      paragraph: {
        spacing: { before: 60, after: 180, line: 240 },
        shading: { type: ShadingType.CLEAR, color: 'auto', fill: 'F2F2F2' },
        border: {
          top: { style: BorderStyle.SINGLE, size: 4, color: 'D9D9D9', space: 4 },
          bottom: { style: BorderStyle.SINGLE, size: 4, color: 'D9D9D9', space: 4 },
          left: { style: BorderStyle.SINGLE, size: 4, color: 'D9D9D9', space: 4 },
          right: { style: BorderStyle.SINGLE, size: 4, color: 'D9D9D9', space: 4 },
        },
      },
    },
  ];
}

/** The headed parts a section's body binds in: minor and risk headings, statutory references, snippets, signature lines. */
function boundPartStyles(size: number): ParagraphStyle[] {
  return [
    {
      id: 'MinorHeading',
      name: 'Minor Heading',
      basedOn: 'Normal',
      next: 'Normal',
      run: { bold: true },
      paragraph: { keepNext: true, spacing: { before: 120, after: 60 } },
    },
    {
      id: 'RiskHeading',
      name: 'Risk Heading',
      basedOn: 'Normal',
      next: 'Normal',
      run: { bold: true, color: RISK_ACCENT, size: halfPoints(size + 1) },
      paragraph: { keepNext: true, spacing: { before: 60, after: 80 } },
    },
    {
      id: 'StatutoryReference',
      name: 'Statutory Reference',
      basedOn: 'Normal',
      run: { italics: true, color: '595959', size: halfPoints(Math.max(size - 1, 7)) },
      paragraph: { spacing: { before: 60, after: 60 } },
    },
    {
      id: 'SnippetHeading',
      name: 'Snippet Heading',
      basedOn: 'Normal',
      next: 'Normal',
      run: { bold: true, color: '404040' },
      paragraph: { keepNext: true, spacing: { before: 200, after: 60 } },
    },
    {
      // "Signed for …: ____": set apart from the text above, where a hand signs, and never split.
      id: 'SignatureLine',
      name: 'Signature Line',
      basedOn: 'Normal',
      next: 'Normal',
      paragraph: { keepLines: true, spacing: { before: 480, after: 120 } },
    },
  ];
}

/** The small print: source entries, table text, footnotes, headers and footers, and the horizontal rule. */
function referenceStyles(size: number): ParagraphStyle[] {
  return [
    {
      id: 'SourceEntry',
      name: 'Source Entry',
      basedOn: 'Normal',
      paragraph: { indent: { left: 567, hanging: 567 }, spacing: { after: 80 } },
    },
    {
      id: 'TableText',
      name: 'Table Text',
      basedOn: 'Normal',
      run: { size: halfPoints(Math.max(size - 1, 7)) },
      paragraph: { spacing: { before: 20, after: 20, line: 240, lineRule: LineRuleType.AUTO } },
    },
    {
      id: 'FootnoteText',
      name: 'footnote text',
      basedOn: 'Normal',
      run: { size: halfPoints(Math.max(size - 2, 7)) },
      paragraph: { spacing: { after: 40, line: 240, lineRule: LineRuleType.AUTO } },
    },
    {
      id: 'HeaderFooterText',
      name: 'Header Footer Text',
      basedOn: 'Normal',
      run: { size: halfPoints(Math.max(size - 2, 7)), color: '595959' },
      paragraph: { spacing: { after: 0 } },
    },
    {
      id: 'HorizontalRule',
      name: 'Horizontal Rule',
      basedOn: 'Normal',
      paragraph: {
        spacing: { before: 120, after: 240 },
        border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: 'BFBFBF', space: 1 } },
      },
    },
  ];
}
