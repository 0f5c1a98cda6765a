/**
 * What the extractor knows of a language, as data: the labels that introduce each field, the
 * month names, and the countries whose ids (VAT, phone) an unprefixed value belongs to. Adding a
 * language is adding a file here and a line in index.ts; the rules in label-value.ts do not change.
 */
export interface LocaleData {
  /** ISO 639-1 code. */
  lang: string;
  /** ISO 3166-1 alpha-2 codes an unprefixed VAT id or a national phone number is read as, in order. */
  countries: string[];
  /** Numeric dates with `/` or `-` (dotted ones are always day first). 'dmy' everywhere but English. */
  date_order: 'mdy' | 'dmy';
  /** Twelve entries, January first: every printed form of that month (full, genitive, abbreviated). */
  months: string[][];
  /** Field key → the labels that introduce it, as printed (they are normalised on load). */
  labels: Record<string, string[]>;
}
