/**
 * Text-layer quality without a model, after docling's `rate_text_quality`: glyph garbage
 * (U+FFFD, `GLYPH<…>`, `/G123` runs, private-use characters) scores 0, fragmented words are
 * penalised, and a page takes a blend of the mean and the 10th percentile of its line scores.
 */
import type { Grade } from './types.js';

const GLYPH_RE = /GLYPH<[^>]*>|(?:\/G\d{1,5}){1,}|(?:\/[a-z]?\d{2,}\s*){2,}|\(cid:\d+\)/g;

/** Score of one line of text in [0,1]; null for a line without visible characters. */
export function rateLineQuality(line: string): number | null {
  const visible = line.replace(/\s+/g, '');
  if (visible.length === 0) return null;
  let bad = 0;
  for (const m of line.matchAll(GLYPH_RE)) bad += m[0].replace(/\s+/g, '').length;
  for (const ch of visible) {
    const c = ch.codePointAt(0) ?? 0;
    if (c === 0xfffd || (c >= 0xe000 && c <= 0xf8ff) || c < 0x20) bad++;
  }
  let score = 1 - Math.min(1, (bad / visible.length) * 3);
  // Fragmentation: most "words" one letter long (e.g. "I n v o i c e").
  const tokens = line.split(/\s+/).filter((t) => /\p{L}/u.test(t));
  if (tokens.length >= 4) {
    const single = tokens.filter((t) => [...t].length === 1).length / tokens.length;
    if (single > 0.5) score *= 1 - (single - 0.5) * 1.6;
  }
  return Math.max(0, Math.min(1, score));
}

/**
 * Quality of a page's text in [0,1], or null when the page has no text.
 * 0.5 × mean + 0.5 × 10th percentile of the line scores, weighted toward the bad lines.
 */
export function ratePageQuality(lines: string[]): number | null {
  const scores = lines.map(rateLineQuality).filter((s): s is number => s !== null);
  if (scores.length === 0) return null;
  const sorted = [...scores].sort((a, b) => a - b);
  const p10 = sorted[Math.floor((sorted.length - 1) * 0.1)];
  const mean = scores.reduce((a, b) => a + b, 0) / scores.length;
  return round4(0.5 * mean + 0.5 * p10);
}

/** Docling's grade cuts. */
export function gradeFor(score: number | null): Grade | null {
  if (score === null) return null;
  if (score < 0.5) return 'poor';
  if (score < 0.8) return 'fair';
  if (score < 0.9) return 'good';
  return 'excellent';
}

/** Rounds to 4 decimals (stable JSON, deterministic output). */
export function round4(n: number): number {
  return Math.round(n * 10000) / 10000;
}
