/**
 * Deterministic Markdown-aware sentence splitting, shared by the citation checker and the
 * offline composer. Pure: no I/O, no clock, no randomness.
 */

/** Words that end in a period without ending the sentence (compared lowercased, without the final dot). */
const ABBREVIATIONS = new Set([
  'e.g',
  'i.e',
  'cf',
  'vs',
  'viz',
  'approx',
  'ca',
  'etc',
  'al',
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'sr',
  'jr',
  'st',
  'no',
  'nos',
  'vol',
  'fig',
  'figs',
  'p',
  'pp',
  'para',
  'sec',
  'art',
  'ch',
  'ed',
  'eds',
  'inc',
  'ltd',
  'co',
  'corp',
  'dept',
  'est',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
  'mon',
  'tue',
  'wed',
  'thu',
  'fri',
  'sat',
  'sun',
  'u.s',
  'u.k',
  'e.u',
  'a.m',
  'p.m',
  'ph.d',
  'z.b',
  'bzw',
  'ggf',
  'inkl',
  'zzgl',
  'max',
  'min',
  'incl',
  'excl',
  'resp',
]);

/** A citation marker such as `[1]`, `[1, 2]` or `[1;2]` (not followed by `(` as a Markdown link would be). */
export const CITATION_MARKER = /\[(\d+(?:\s*[,;]\s*\d+)*)\](?!\()/g;

/**
 * Sentence end candidates: terminal punctuation, closing quotes/brackets, trailing citation markers.
 * A candidate starts at the first mark of a run (the lookbehind) so a long run is scanned once.
 */
const BOUNDARY = /(?<![.!?…])[.!?…]+["'”’»)\]]*(?:\s*\[\d+(?:\s*[,;]\s*\d+)*\](?!\())*(?=\s+|$)/g;

/** One block of Markdown text (a paragraph, list item, table row, heading or quote line). */
function markdownBlocks(markdown: string): string[] {
  const blocks: string[] = [];
  let paragraph: string[] = [];
  let inFence = false;
  const flush = (): void => {
    if (paragraph.length > 0) blocks.push(paragraph.join(' '));
    paragraph = [];
  };
  for (const raw of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (/^(```|~~~)/.test(line)) {
      flush();
      inFence = !inFence;
      continue;
    }
    if (inFence) continue;
    if (line === '' || /^([-*_]\s*){3,}$/.test(line)) {
      flush();
      continue;
    }
    if (line.startsWith('|') || (/^\S.*\|.*\S$/.test(line) && line.split('|').length > 2)) {
      flush();
      if (/^\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?$/.test(line)) continue; // separator row
      const cells = line
        .replace(/^\|/, '')
        .replace(/\|$/, '')
        .split(/(?<!\\)\|/)
        .map((c) => c.trim());
      blocks.push(cells.filter((c) => c !== '').join('; '));
      continue;
    }
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      blocks.push(heading[1].replace(/(?<!\s)\s+#+\s*$/, ''));
      continue;
    }
    const item = /^(?:>\s*)*(?:[-*+]|\d{1,3}[.)])\s+(?:\[[ xX]\]\s+)?(.*)$/.exec(line);
    if (item) {
      flush();
      blocks.push(item[1]);
      continue;
    }
    paragraph.push(line.replace(/^(?:>\s*)+/, ''));
  }
  flush();
  return blocks.map((b) => b.replace(/\s+/g, ' ').trim()).filter((b) => b !== '');
}

/** True when the punctuation at `index` in `text` really ends a sentence. */
function isSentenceEnd(text: string, index: number, matchText: string, next: string): boolean {
  if (next !== '' && /^\p{Ll}/u.test(next)) return false;
  if (!matchText.startsWith('.')) return true;
  if (/^\.\.\.|^…/.test(matchText) && next !== '' && !/^\p{Lu}/u.test(next)) return false;
  const before = /(\S+)$/.exec(text.slice(0, index));
  if (!before) return true;
  const word = before[1].replace(/^["'“‘(\[]+/, '').toLowerCase();
  if (ABBREVIATIONS.has(word)) return false;
  if (/^\p{L}$/u.test(word)) return false; // an initial such as "J."
  return true;
}

/** Split one block into sentences. */
function splitBlock(block: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (const m of block.matchAll(BOUNDARY)) {
    const index = m.index ?? 0;
    const end = index + m[0].length;
    const next = block.slice(end).trimStart();
    if (!isSentenceEnd(block, index, m[0], next)) continue;
    const sentence = block.slice(start, end).trim();
    if (sentence !== '') out.push(sentence);
    start = end;
  }
  const rest = block.slice(start).trim();
  if (rest !== '') out.push(rest);
  return out;
}

/**
 * Split Markdown (or plain text) into sentences. Paragraph lines are joined; list items, table
 * rows (cells joined with "; "), headings and quote lines are blocks of their own; fenced code is
 * skipped. Abbreviations ("e.g.", "Dr."), initials and decimals ("1.5") do not end a sentence, and
 * citation markers after the final punctuation ("… grew. [1]") stay with their sentence.
 */
export function splitSentences(markdown: string): string[] {
  return markdownBlocks(markdown).flatMap(splitBlock);
}

/** The source numbers cited in `text` by `[n]`, `[n][m]` or `[n, m]` markers, unique, in order of appearance. */
export function findCitations(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(CITATION_MARKER)) {
    for (const part of m[1].split(/[,;]/)) {
      const n = Number.parseInt(part.trim(), 10);
      if (!out.includes(n)) out.push(n);
    }
  }
  return out;
}

/** `text` without its citation markers, whitespace collapsed and the space before punctuation removed. */
export function stripCitations(text: string): string {
  return text
    .replace(CITATION_MARKER, ' ')
    .replace(/(?<!\s)\s+([.,;:!?])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}
