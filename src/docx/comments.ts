import { stripCitationMarkers } from './citations.js';
import { inlineContainers, plainText, type Block, type Inline } from './document-blocks.js';

/**
 * Anchors Word comments on the text of unsupported claims. Claims come from a model and rarely
 * match the rendered text byte for byte, so matching ignores case, runs of whitespace, curly
 * quotes and `[n]` markers (which became footnotes).
 */

interface NormalizedText {
  text: string;
  /** For each character of `text`, its offset in the original string. */
  origin: number[];
}

function normalize(source: string): NormalizedText {
  let text = '';
  const origin: number[] = [];
  let pendingSpace = false;
  for (let i = 0; i < source.length; i++) {
    let ch = source[i];
    if (/\s/.test(ch)) {
      pendingSpace = text.length > 0;
      continue;
    }
    if (pendingSpace) {
      text += ' ';
      origin.push(i - 1);
      pendingSpace = false;
    }
    if (ch === '‘' || ch === '’') ch = "'";
    else if (ch === '“' || ch === '”') ch = '"';
    text += ch.toLowerCase();
    origin.push(i);
  }
  return { text, origin };
}

/** The [start, end) offsets of `needle` in `haystack`, or null. */
export function findClaimSpan(haystack: string, needle: string): [number, number] | null {
  const exact = haystack.indexOf(needle);
  if (needle && exact >= 0) return [exact, exact + needle.length];
  const hay = normalize(haystack);
  for (const candidate of [needle, stripCitationMarkers(needle)]) {
    const wanted = normalize(candidate).text;
    if (!wanted) continue;
    const at = hay.text.indexOf(wanted);
    if (at >= 0) return [hay.origin[at], hay.origin[at + wanted.length - 1] + 1];
  }
  return null;
}

/** Inserts comment range markers around characters [start, end) of the inlines' text, splitting runs. */
export function wrapRange(inlines: Inline[], start: number, end: number, commentId: number): void {
  const out: Inline[] = [];
  let offset = 0;
  let opened = false;
  let closed = false;
  for (const inline of inlines) {
    if (inline.kind !== 'text') {
      if (!opened && offset >= start) {
        out.push({ kind: 'commentStart', commentId });
        opened = true;
      }
      out.push(inline);
      continue;
    }
    const from = offset;
    const to = offset + inline.text.length;
    offset = to;
    const cuts = [from, Math.min(Math.max(start, from), to), Math.min(Math.max(end, from), to), to];
    for (let i = 0; i < 3; i++) {
      if (i === 1 && !opened && cuts[1] < to) {
        out.push({ kind: 'commentStart', commentId });
        opened = true;
      }
      if (i === 2 && opened && !closed && cuts[2] <= to && end <= to) {
        out.push({ kind: 'commentEnd', commentId });
        closed = true;
      }
      const piece = inline.text.slice(cuts[i] - from, cuts[i + 1] - from);
      if (piece) out.push({ ...inline, text: piece });
    }
  }
  if (!opened) out.unshift({ kind: 'commentStart', commentId });
  if (!closed) out.push({ kind: 'commentEnd', commentId });
  inlines.splice(0, inlines.length, ...out);
}

/**
 * Anchors the comment on the first paragraph (or cell, or list item) containing the claim;
 * otherwise on the whole heading, so the comment is never lost.
 */
export function anchorClaim(blocks: readonly Block[], heading: Inline[], claim: string, commentId: number): 'claim' | 'heading' {
  for (const inlines of inlineContainers(blocks)) {
    const span = findClaimSpan(plainText(inlines), claim);
    if (span) {
      wrapRange(inlines, span[0], span[1], commentId);
      return 'claim';
    }
  }
  heading.unshift({ kind: 'commentStart', commentId });
  heading.push({ kind: 'commentEnd', commentId });
  return 'heading';
}
