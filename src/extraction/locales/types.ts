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
  /**
   * Document kind → the titles that name it, as printed: a title that starts with one, or whose
   * first word is a compound ending in a one-word title ("Anmeldeformular"), names that kind.
   */
  document_titles: Record<TitledDocumentType, string[]>;
  /** Labels that head a party's block (its name, then address lines and VAT id, below or to the right). */
  party_labels: { issuer: string[]; customer: string[] };
}

/** The kinds of document the extractor tells apart by their title (anything else is 'other'). */
export type TitledDocumentType = 'invoice' | 'receipt' | 'credit_note' | 'statement' | 'form';
