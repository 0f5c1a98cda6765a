/**
 * What kind of document this is (issue 32 item 2): invoice, receipt, credit note, statement,
 * form or other, from the title printed near the top of the first page (titles per language are
 * locale data), else from the fields found (a number and a total make an invoice). On anything
 * that is not an invoice, receipt or credit note, invoice fields (number, due date, totals, line
 * items) are kept but held below the review threshold: a "Total" on a payment report is a value a
 * person confirms, not an invoice total (ADR 0502).
 */
import { makeConfidence, makeItem } from './items.js';
import { lookupLabel, normalizeLabel } from './label-value.js';
import type { LayoutDocument, LayoutLine, LayoutSegment } from './layout.js';
import { LOCALES } from './locales/index.js';
import type { TitledDocumentType } from './locales/types.js';
import type { ExtractedItem } from './types.js';

export type DocumentType = TitledDocumentType | 'other';
export const DOCUMENT_TYPES: DocumentType[] = ['invoice', 'receipt', 'credit_note', 'statement', 'form', 'other'];
/** The types whose fields are invoice fields. */
const INVOICE_LIKE = new Set<DocumentType>(['invoice', 'receipt', 'credit_note']);
/** Fields only an invoice-like document has (its date is any document's date, so it is not one). */
export const INVOICE_ONLY_KEYS = new Set(['invoice.number', 'invoice.due_date', 'invoice.po_number', 'invoice.subtotal', 'invoice.tax', 'invoice.total']);
/** Below every processor's `review_below_confidence` (0.8): held invoice fields go to review. */
export const HELD_CONFIDENCE = 0.5;
/** How many lines from the top of the first page a title may be on. */
const TITLE_LINES = 15;

/** Normalised title → its type; a title printed in several languages names one type. */
const TITLES: Array<{ title: string; type: TitledDocumentType }> = [];
for (const l of LOCALES)
  for (const [type, titles] of Object.entries(l.document_titles) as Array<[TitledDocumentType, string[]]>)
    for (const t of titles) TITLES.push({ title: normalizeLabel(t), type });
// Longest first: "stornorechnung" is a credit note before "rechnung" makes it an invoice.
TITLES.sort((a, b) => b.title.length - a.title.length);

/** The detected type and the title that named it (null when the type was inferred). */
export interface DetectedType {
  type: DocumentType;
  confidence: number;
  title: { segment: LayoutSegment; line: LayoutLine } | null;
}

/** The type a printed title names, or null. Titles are short; labels ("Invoice number:") are not titles. */
export function titleType(text: string): TitledDocumentType | null {
  if (/[:：]/.test(text)) return null;
  const n = normalizeLabel(text);
  const words = n.split(/[\s-]+/).filter(Boolean);
  if (words.length === 0 || words.length > 5) return null;
  for (const { title, type } of TITLES) {
    if (n === title || n.startsWith(`${title} `) || n.endsWith(` ${title}`)) {
      // "Invoice date" is a label of a field, not a title, unless the title itself is one ("Invoice").
      if (n !== title && lookupLabel(n)) return null;
      return type;
    }
    const compound = (w: string | undefined): boolean => w !== undefined && w.length > title.length + 2 && w.endsWith(title);
    if (!title.includes(' ') && (compound(words[0]) || compound(words[words.length - 1]))) return type;
  }
  return null;
}

/** The first page's lines, in reading order (all lines of a source without pages). */
export function firstPageLines(doc: LayoutDocument): LayoutLine[] {
  const first = doc.lines[0];
  return first ? doc.lines.filter((l) => l.page_number === first.page_number) : [];
}

/** Detects the type from the title near the top of the first page, else from the fields found. */
export function detectDocumentType(doc: LayoutDocument, items: ExtractedItem[]): DetectedType {
  for (const line of firstPageLines(doc).slice(0, TITLE_LINES)) {
    for (const segment of line.segments) {
      const type = titleType(segment.text);
      if (type) return { type, confidence: 0.9, title: { segment, line } };
    }
  }
  const has = (key: string): boolean => items.some((i) => i.key === key && i.value_state === 'present');
  // Without a title: a number with an amount or a due date, or a total with its parts and a due date, make an invoice.
  const numbered = has('invoice.number') && (has('invoice.total') || has('invoice.subtotal') || has('invoice.due_date'));
  const itemised = has('invoice.total') && (has('invoice.subtotal') || has('invoice.tax')) && has('invoice.due_date');
  if (numbered || itemised) return { type: 'invoice', confidence: 0.6, title: null };
  return { type: 'other', confidence: 0.6, title: null };
}

/** The `document.type` item: the title's text and box, or an inferred value without a quote. */
export function documentTypeItem(d: DetectedType, doc: LayoutDocument): ExtractedItem {
  const base = { key: 'document.type', label: 'Document type', value_type: 'enum' as const, value: d.type };
  if (!d.title) {
    return makeItem({
      ...base,
      value_state: 'inferred',
      raw_text: null,
      text_source: doc.text_source,
      anchors: [],
      confidence: makeConfidence('pattern_rule', d.confidence),
    });
  }
  const { segment, line } = d.title;
  const source = line.text_source ?? doc.text_source;
  const ocr = source === 'ocr' ? segment.ocr(0, segment.text.length) : null;
  return makeItem({
    ...base,
    raw_text: segment.raw(0, segment.text.length),
    text_source: source,
    anchors: segment.anchors(0, segment.text.length),
    confidence: makeConfidence(source === 'ocr' ? 'ocr_pattern_rule' : 'pattern_rule', d.confidence, ocr),
  });
}

/** True for an invoice field or an invoice line item. */
export function isInvoiceField(key: string): boolean {
  return INVOICE_ONLY_KEYS.has(key) || key.startsWith('line_items[');
}

/** True when the items' own `document.type` says the document is not invoice-like (its invoice fields are held). */
export function holdsInvoiceFields(items: readonly ExtractedItem[]): boolean {
  const type = items.find((it) => it.key === 'document.type')?.value;
  return typeof type === 'string' && !INVOICE_LIKE.has(type as DocumentType);
}

/** On a document that is not invoice-like, caps the invoice fields' confidence below review. Returns the same array. */
export function holdInvoiceFields(items: ExtractedItem[], type: DocumentType): ExtractedItem[] {
  if (INVOICE_LIKE.has(type)) return items;
  for (const it of items) {
    if (!isInvoiceField(it.key) || it.confidence.extraction === null || it.confidence.extraction <= HELD_CONFIDENCE) continue;
    it.confidence = makeConfidence(it.confidence.method, HELD_CONFIDENCE, it.confidence.ocr);
  }
  return items;
}
