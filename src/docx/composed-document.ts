/**
 * The input of the .docx composer: everything a document export needs, already loaded and
 * checked by the caller. Nothing here refers to the database or HTTP, so the composer stays a
 * pure function of this value (same value → same bytes).
 */

export type LifecycleState = 'draft' | 'under-review' | 'finalized';

export type SectionOutputType = 'string' | 'markdown' | 'json' | 'list' | 'table';

export interface UnsupportedClaim {
  /** The claim as it appears in the section text (Markdown markers and `[n]` citations are ignored when matching). */
  text: string;
  /** Why the claim is considered unsupported; becomes the body of the Word comment. */
  reason: string;
}

export interface SectionBlock {
  kind: 'section';
  id: string;
  title: string;
  content: string;
  outputType: SectionOutputType;
  unsupportedClaims?: UnsupportedClaim[];
}

export interface RiskBlock {
  kind: 'riskBlock';
  heading: string;
  /** Markdown, already rendered from the risk template. */
  body: string;
  statutoryRef?: string | null;
}

export interface SnippetBlock {
  kind: 'snippet';
  heading?: string | null;
  /** Markdown. */
  body: string;
}

export type ComposedBlock = SectionBlock | RiskBlock | SnippetBlock;

export interface ComposedSource {
  /** The number used by `[n]` citation markers in the text. */
  n: number;
  title: string;
  url?: string | null;
  file?: string | null;
  page?: number | null;
  /** Where in the file, when a page does not say it: a spreadsheet cell ("Fees!B4"), a table cell of a Word file. */
  locator?: string | null;
}

/**
 * How `[n]` markers read in the .docx: `footnotes` (the default), `endnotes` (the notes gathered
 * after the text), `brackets` (the marker kept as "[n]", naming the numbered Sources entry) or
 * `none` (markers dropped and no Sources list: a letter states its terms and cites nothing).
 */
export type CitationStyle = 'footnotes' | 'endnotes' | 'brackets' | 'none';
export const CITATION_STYLES: readonly CitationStyle[] = ['footnotes', 'endnotes', 'brackets', 'none'];

export interface PageMarginsMm {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/**
 * The page design of a kind of document (layout-profile.ts says what each one draws):
 * `report` a cover page, the table of contents and numbered chapters; `memo` a To/From/Date/
 * Subject header; `letter` a letterhead, date line, addressee, subject and signature block;
 * `minimal` the title and the text.
 */
export type LayoutName = 'report' | 'memo' | 'letter' | 'minimal';
export const LAYOUT_NAMES: readonly LayoutName[] = ['report', 'memo', 'letter', 'minimal'];

export interface RenderOptions {
  layout: LayoutName;
  pageSize: 'A4' | 'Letter';
  marginsMm: PageMarginsMm;
  fontFamily: string;
  /** Base body font size in points. */
  fontSize: number;
  /** Numbered headings: sections "1.", nested headings "1.1", "1.1.1". */
  headingNumbering: boolean;
  headerText?: string | null;
  footerText?: string | null;
  /** "Page X of Y" in the footer (PAGE and NUMPAGES fields). */
  pageNumbers: boolean;
  /** BCP-47 tag; written as w:lang so Word spell-checks in the right language. */
  language: string;
  /** A Word table of contents field after the title page. */
  toc: boolean;
  /** How `[n]` citations read: footnotes (one per source per section), endnotes, or "[n]" naming the Sources list. */
  citationStyle: CitationStyle;
}

/** The sender's identity at the top of a letter (and on a report's cover): organization settings. */
export interface Letterhead {
  name: string;
  /** Lines of the postal address, in order. */
  addressLines: string[];
  logo?: LetterheadLogo | null;
}

export interface LetterheadLogo {
  data: Uint8Array;
  type: 'png' | 'jpg';
  /** Pixel size, for the aspect ratio (the logo is drawn at a fixed height). */
  widthPx: number;
  heightPx: number;
}

/**
 * Texts the memo and letter layouts place around the body, rendered by the caller from the
 * template's render config over the document's fields. A layout that has no place for one
 * ignores it; an absent one leaves its line out.
 */
export interface LayoutBlocks {
  /** Memo: the "To:" line. */
  to?: string | null;
  /** Memo: the "From:" line. */
  from?: string | null;
  /** Memo and letter: the subject line. */
  subject?: string | null;
  /** Letter: the addressee block, one line per line. */
  addressee?: string | null;
  /** Letter: the signature block under the closing — name, role, organization, one per line. */
  signature?: string | null;
  /** Letter: the closing above the signature ("Yours sincerely"). */
  closing?: string | null;
  /** Letter: the addressee's acceptance, after the signature block (they countersign below the firm's signature). */
  acceptance?: string | null;
  /** Report: the name under the title on the cover (e.g. the controller a DPIA is for); absent: the organization's. */
  party?: string | null;
}

export interface DocumentProperties {
  subject?: string | null;
  creator: string;
  /** ISO timestamp; also the date of every zip entry, so the bytes do not depend on the clock. */
  created: string;
}

export interface ComposedDocument {
  title: string;
  organizationName: string;
  /** ISO date (YYYY-MM-DD): the cover's date, the memo's Date line, the letter's date line. */
  date: string;
  /** The organization's letterhead (letter layout; the report cover shows its logo). */
  letterhead?: Letterhead | null;
  layoutBlocks?: LayoutBlocks | null;
  lifecycleState: LifecycleState;
  description?: string | null;
  /** In document order. */
  blocks: ComposedBlock[];
  sources: ComposedSource[];
  render: RenderOptions;
  properties: DocumentProperties;
  /**
   * A warning printed at the top of the body, before anything else (e.g. which sections are out
   * of date and need regenerating); absent or blank: none.
   */
  notice?: string | null;
}

export const DEFAULT_RENDER_OPTIONS: Readonly<RenderOptions> = Object.freeze({
  layout: 'report',
  pageSize: 'A4',
  marginsMm: Object.freeze({ top: 25, right: 25, bottom: 25, left: 25 }),
  fontFamily: 'Calibri',
  fontSize: 11,
  headingNumbering: false,
  headerText: null,
  footerText: null,
  pageNumbers: true,
  language: 'en-GB',
  toc: true,
  citationStyle: 'footnotes',
});

/** Fills the options a caller left out with the defaults (e.g. when a template stores only overrides). */
export function withDefaultRenderOptions(partial: Partial<RenderOptions> | null | undefined): RenderOptions {
  const merged: RenderOptions = { ...DEFAULT_RENDER_OPTIONS, ...(partial ?? {}) };
  return { ...merged, marginsMm: { ...DEFAULT_RENDER_OPTIONS.marginsMm, ...(partial?.marginsMm ?? {}) } };
}
