import type { CitationStyle, ComposedSource } from './composed-document.js';

/**
 * `[n]` citation markers → notes (footnotes or endnotes) or bracketed numbers. Each note names
 * its source in full, so a reader never has to look elsewhere; the Sources list at the end
 * carries every source with its place (file, page, cell).
 */

export type CitationPiece = { kind: 'text'; text: string } | { kind: 'cite'; n: number };

// Matches "[3]", "[1, 4]" and "[2-5]" in already-lexed plain text (never raw Markdown).
const MARKER = /\[(\d{1,4}(?:\s*[-–,]\s*\d{1,4})*)\]/g;
const MAX_RANGE = 50;

function expandMarker(body: string): number[] | null {
  const out: number[] = [];
  for (const part of body.split(',')) {
    const range = part.split(/[-–]/).map((s) => Number.parseInt(s.trim(), 10));
    if (range.length === 1) {
      out.push(range[0]);
    } else if (range.length === 2 && range[0] <= range[1] && range[1] - range[0] <= MAX_RANGE) {
      for (let n = range[0]; n <= range[1]; n++) out.push(n);
    } else {
      return null;
    }
  }
  return out;
}

/**
 * Splits text at citation markers whose every number names a known source. Other bracketed
 * numbers ("array[0]", "[99]" without a source) stay literal text.
 */
export function splitCitations(text: string, knownSources: ReadonlySet<number>): CitationPiece[] {
  const pieces: CitationPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(MARKER)) {
    const numbers = expandMarker(match[1]);
    if (!numbers || numbers.some((n) => !knownSources.has(n))) continue;
    const start = match.index ?? 0;
    // "claim [1]." reads "claim¹." in Word: the space before a footnote mark is dropped.
    const before = text.slice(last, start).replace(/[ \t]+$/, '');
    if (before) pieces.push({ kind: 'text', text: before });
    for (const n of numbers) pieces.push({ kind: 'cite', n });
    last = start + match[0].length;
  }
  const rest = text.slice(last);
  if (rest) pieces.push({ kind: 'text', text: rest });
  return pieces;
}

/** Removes citation markers, so an unsupported claim quoted with its "[2]" still matches the text. */
export function stripCitationMarkers(text: string): string {
  return text.replace(MARKER, '').replace(/(?<!\s)\s+([.,;:!?])/g, '$1');
}

/** The one-line description of a source used in footnotes and the Sources list. */
export function describeSource(source: ComposedSource): { label: string; title: string; url: string | null; location: string | null } {
  const url = source.url && isSafeExternalUrl(source.url) ? source.url : null;
  const parts: string[] = [];
  if (source.file) parts.push(source.file);
  if (source.page != null) parts.push(`p. ${source.page}`);
  if (source.locator?.trim()) parts.push(source.locator.trim());
  const title = source.title.trim() || 'Untitled source';
  // A title that already ends with its place ("invoice.pdf, p. 1", as older gathered rows
  // have it) is not followed by the same place again: one locator per source.
  const location = parts.length > 0 && !title.endsWith(parts.join(', ')) ? parts.join(', ') : null;
  return { label: `[${source.n}] ${title}`, title, url, location };
}

/** Only web and mail links become hyperlinks; anything else (javascript:, file:) stays text. */
export function isSafeExternalUrl(url: string): boolean {
  return /^(https?:\/\/|mailto:)/i.test(url.trim());
}

/** What one citation of a source becomes at its place in the text. */
export type CitationMark =
  /** A note of its own (the source's first citation in the section), or the section's note of that source again. */
  { kind: 'note'; noteId: number; repeat: boolean } | { kind: 'bracket'; n: number } | { kind: 'none' };

/**
 * Hands out note ids in the order citations are met, one note per source per section: a
 * source cited again in the same section reuses its note (its number is repeated), and in a
 * later section gets a note of its own, so a reader finds the source at the foot of the page
 * they are reading without thirteen identical notes. Ids start at 1 and follow the text, so an
 * id is also the number Word prints for the note (it numbers notes by their place).
 */
export class CitationRegistry {
  private readonly sources = new Map<number, ComposedSource>();
  private readonly notes: Array<{ id: number; source: ComposedSource }> = [];
  /** Source n → its note in the current section. */
  private inSection = new Map<number, number>();
  readonly knownSources: ReadonlySet<number>;

  constructor(
    sources: readonly ComposedSource[],
    readonly style: CitationStyle = 'footnotes',
  ) {
    for (const source of sources) this.sources.set(source.n, source);
    this.knownSources = new Set(this.sources.keys());
  }

  /** A new section starts: its first citation of each source gets a new note. */
  startSection(): void {
    this.inSection = new Map();
  }

  /** The mark of one citation of source n (which must be known). */
  cite(n: number): CitationMark {
    const source = this.sources.get(n);
    if (!source) throw new Error(`Unknown source ${n}`);
    if (this.style === 'brackets') return { kind: 'bracket', n };
    // `none`: a letter names its terms, not its sources; the marker is dropped.
    if (this.style === 'none') return { kind: 'none' };
    const reused = this.inSection.get(n);
    if (reused !== undefined) return { kind: 'note', noteId: reused, repeat: true };
    // Ids start at 1: Word reserves 0 and -1 for the separator notes.
    const id = this.notes.length + 1;
    this.notes.push({ id, source });
    this.inSection.set(n, id);
    return { kind: 'note', noteId: id, repeat: false };
  }

  /** The notes to write (none in the `brackets` style), in id order. */
  entries(): ReadonlyArray<{ id: number; source: ComposedSource }> {
    return this.notes;
  }
}
