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
 * after the text) or `brackets` (the marker kept as "[n]", naming the numbered Sources entry).
 */
export type CitationStyle = 'footnotes' | 'endnotes' | 'brackets';
export const CITATION_STYLES: readonly CitationStyle[] = ['footnotes', 'endnotes', 'brackets'];

export interface PageMarginsMm {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface RenderOptions {
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

export interface DocumentProperties {
  subject?: string | null;
  creator: string;
  /** ISO timestamp; also the date of every zip entry, so the bytes do not depend on the clock. */
  created: string;
}

export interface ComposedDocument {
  title: string;
  organizationName: string;
  /** ISO date (YYYY-MM-DD) shown on the title page. */
  date: string;
  lifecycleState: LifecycleState;
  description?: string | null;
  /** In document order. */
  blocks: ComposedBlock[];
  sources: ComposedSource[];
  render: RenderOptions;
  properties: DocumentProperties;
}

export const DEFAULT_RENDER_OPTIONS: Readonly<RenderOptions> = Object.freeze({
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
