/**
 * The one place that decides "is this a CSV, and how is it written": the encoding (UTF-8,
 * UTF-16 with or without a byte order mark, else Windows-1252) and the delimiter (, ; tab |),
 * judged by parsing a sample with csv-parse — the parser that reads the file afterwards — so
 * quoted cells over several lines and uneven rows count as CSV, and the upload check and the
 * table reader can never disagree (issue 32).
 */
import { parse as parseCsvSync } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { decodeText } from './decode-text.js';

/** A decoded tabular text and the encoding it was read in. */
export interface DecodedTabular {
  text: string;
  encoding: 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';
}

/** The delimiters we try, in tie-break order. */
export const CSV_DELIMITERS = [',', ';', '\t', '|'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

/** How much text the dialect is judged on. */
const SAMPLE_CHARS = 64 * 1024;
const SAMPLE_RECORDS = 50;

/** UTF-16 without a byte order mark: most bytes at odd (LE) or even (BE) offsets of a sample are NUL. */
function bomlessUtf16(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const n = Math.min(bytes.length, 4096) & ~1;
  if (n < 4) return null;
  let odd = 0;
  let even = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) even++;
    if (bytes[i + 1] === 0) odd++;
  }
  const pairs = n / 2;
  if (odd / pairs > 0.6 && even / pairs < 0.1) return 'utf-16le';
  if (even / pairs > 0.6 && odd / pairs < 0.1) return 'utf-16be';
  return null;
}

/**
 * Decodes a tabular upload: a BOM or strict UTF-8 first, then BOM-less UTF-16 (NUL pattern),
 * else Windows-1252 (every byte decodes: the common export encoding of European spreadsheets).
 */
export function decodeTabular(bytes: Uint8Array): DecodedTabular {
  const utf16 = bomlessUtf16(bytes);
  if (utf16 && !(bytes[0] === 0xff && bytes[1] === 0xfe) && !(bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return { text: new TextDecoder(utf16).decode(bytes), encoding: utf16 };
  }
  const strict = decodeText(bytes);
  if (strict) return strict;
  // Not TextDecoder: Node 20.18.3+ decodes its 'windows-1252' as Latin-1, so € „ “ – (0x80–0x9F)
  // became invisible C1 controls and the upload check took them for binary (nodejs/node#60888).
  return { text: iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 'windows-1252'), encoding: 'windows-1252' };
}

/** True when a text has NULs or more than 1 % control characters (a binary file, not a table). */
function looksBinary(sample: string): boolean {
  let control = 0;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if (c === 0) return true;
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c) || c === 0x7f || (c >= 0x80 && c < 0xa0)) control++;
  }
  return sample.length > 0 && control / sample.length > 0.01;
}

/** The first records of `text` split by `delimiter`, or null when csv-parse refuses them. */
function sampleRecords(text: string, delimiter: CsvDelimiter): string[][] | null {
  // A sample cut inside a quoted cell leaves the quote open: cut at earlier line ends until it parses.
  let sample = text.length > SAMPLE_CHARS ? text.slice(0, text.lastIndexOf('\n', SAMPLE_CHARS) + 1 || SAMPLE_CHARS) : text;
  for (let attempt = 0; attempt < 4 && sample.length > 0; attempt++) {
    try {
      const records = parseCsvSync(sample, { delimiter, relax_column_count: true, bom: true, skip_empty_lines: true, to: SAMPLE_RECORDS }) as string[][];
      return records.filter((r) => r.some((f) => f.trim() !== ''));
    } catch {
      sample = sample.slice(0, sample.lastIndexOf('\n', sample.length - 2) + 1);
    }
  }
  return null;
}

/** Lines of one field above a table that a spreadsheet export puts there (a title, "Stand: 31.03.2024"). */
const MAX_TITLE_LINES = 5;

/** How well `delimiter` makes a table of `text`: the share of records with the modal field count (≥ 2), or 0; and how many title lines it skipped. */
function delimiterScore(text: string, delimiter: CsvDelimiter): { score: number; width: number; titles: number } {
  const none = { score: 0, width: 0, titles: 0 };
  const sampled = sampleRecords(text, delimiter);
  if (!sampled) return none;
  // Title lines above the header are no part of the table (the reader skips them too: tables/header-row.ts).
  const first = sampled.findIndex((r) => r.length >= 2);
  const titles = first > 0 && first <= MAX_TITLE_LINES ? first : 0;
  const records = sampled.slice(titles);
  if (records.length < 2) return none;
  const counts = new Map<number, number>();
  for (const r of records) counts.set(r.length, (counts.get(r.length) ?? 0) + 1);
  const [width, modal] = [...counts.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0];
  const split = records.filter((r) => r.length >= 2).length / records.length;
  // Uneven rows are fine; prose split at its commas is not: most records must share one width
  // and nearly every record must be split at all.
  if (width < 2 || split < 0.8 || modal / records.length < 0.5) return none;
  return { score: modal / records.length, width, titles };
}

/** Excel's `sep=;` first line: the delimiter it names and the text after it, or null when there is none. */
export function sepHint(text: string): { delimiter: CsvDelimiter; rest: string } | null {
  const m = /^\uFEFF?sep=([,;\t|])\r?\n/.exec(text);
  return m ? { delimiter: m[1] as CsvDelimiter, rest: text.slice(m[0].length) } : null;
}

/**
 * The delimiter that makes the most regular table of `text` (ties: fewer title lines above it —
 * a header "Artikel;Preis" is no title of a comma table that splits "4,50" —, then more columns,
 * then , ; tab |), or null for no table.
 */
export function detectCsvDelimiter(text: string): CsvDelimiter | null {
  const hint = sepHint(text);
  if (hint) return hint.delimiter;
  let best: { d: CsvDelimiter; score: number; width: number; titles: number } | null = null;
  const better = (s: { score: number; width: number; titles: number }, b: NonNullable<typeof best>): boolean => {
    if (Math.abs(s.score - b.score) > 1e-9) return s.score > b.score;
    return s.titles !== b.titles ? s.titles < b.titles : s.width > b.width;
  };
  for (const d of CSV_DELIMITERS) {
    const s = delimiterScore(text, d);
    if (s.score === 0) continue;
    if (!best || better(s, best)) best = { d, ...s };
  }
  return best ? best.d : null;
}

/** Where the first MiB of `bytes` ends without cutting a UTF-8 sequence or a UTF-16 code unit in two. */
function sampleEnd(bytes: Uint8Array): number {
  const max = 1024 * 1024;
  if (bytes.length <= max) return bytes.length;
  let end = max;
  while (end > max - 4 && (bytes[end] & 0xc0) === 0x80) end--;
  return bomlessUtf16(bytes) || bytes[0] === 0xff || bytes[0] === 0xfe ? end & ~1 : end;
}

/** The CSV reading of a file: its text, encoding and delimiter; null when it is not a CSV (binary, or no delimiter makes a table). */
export function detectCsv(bytes: Uint8Array): (DecodedTabular & { delimiter: CsvDelimiter }) | null {
  const decoded = decodeTabular(bytes.subarray(0, sampleEnd(bytes)));
  if (looksBinary(decoded.text.slice(0, SAMPLE_CHARS))) return null;
  const delimiter = detectCsvDelimiter(decoded.text);
  return delimiter ? { ...decoded, delimiter } : null;
}
