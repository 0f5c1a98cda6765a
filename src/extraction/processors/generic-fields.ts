/**
 * `prc_generic_fields`: label → value by proximity plus pattern entities, on PDF text layers
 * (OCR fallback for pages without a usable one), images (OCR), docx, sheets and plain text.
 */
import { extractEntities } from '../entities.js';
import { assignOccurrences, appendItems } from '../items.js';
import { extractLabelValues } from '../label-value.js';
import { ALL_KINDS, type ExtractedItem, type ProcessingWarning, type ProcessorDefinition, type ProcessorInput, type ProcessorResult } from '../types.js';
import type { LayoutDocument } from '../layout.js';
import type { DateOrder } from '../value-parsers.js';
import { loadDocument } from '../loaders/load-document.js';
import type { LoadedDocument, OcrMode } from '../loaders/loaded-document.js';
import { placedSegments } from '../memory/placed-segments.js';
import { countItemsPerPage } from '../page-reports.js';
import { strOpt } from '../processor-options.js';
import { pdfTableItems } from '../tables/pdf-table-items.js';
import { foldAlternates } from '../alternates.js';
import { detectDocumentType, documentTypeItem, holdInvoiceFields } from '../document-type.js';
import { PARTY_KEYS, partyItems } from '../party-blocks.js';
import { KNOWN_FIELDS } from '../label-value.js';
import { documentItemTypes, entityItemTypes, labelValueItemTypes, tableItemTypes } from './item-types.js';

/** Fields that occur at most once: one item each, the other candidates as its alternates. */
const ONCE_KEYS = new Set([...KNOWN_FIELDS.map((f) => f.key), ...PARTY_KEYS, 'document.type']);

/**
 * What the document-wide rules add to the label and entity items of a loaded document: the
 * parties and the document's type (from the first page; the layout's other pages are not read),
 * a PDF's tables, invoice fields held for review on non-invoices, and one item per once-field
 * with the other candidates as alternates. Numbers the occurrences.
 */
export async function completeItems(
  input: ProcessorInput,
  loaded: LoadedDocument,
  ruleItems: ExtractedItem[],
): Promise<{ items: ExtractedItem[]; warnings: ProcessingWarning[] }> {
  const parties = partyItems(loaded.layout, ruleItems);
  let items = parties.items;
  appendItems(items, parties.parties);
  // A PDF's tables give the same cell items as `prc_table_rows` (and line items checked against the totals).
  const tables = input.kind === 'pdf' && input.options?.tables !== false ? await pdfTableItems(input, loaded) : { items: [], warnings: [] };
  appendItems(items, tables.items);
  // The type qualifies what was read: a document nothing was read from (no text, no fields) gets
  // none, so a run that found nothing still says so (the `no_items_found` warning).
  if (loaded.layout.lines.length > 0 && items.length > 0) {
    const detected = detectDocumentType(loaded.layout, items);
    items.push(documentTypeItem(detected, loaded.layout));
    holdInvoiceFields(items, detected.type);
  }
  items = foldAlternates(items, ONCE_KEYS);
  assignOccurrences(items);
  return { items, warnings: tables.warnings };
}

/**
 * Options: `ocr` ('auto' | 'force' | 'never'), `date_order` ('mdy' | 'dmy'), `default_currency`, `entities` (bool),
 * `generic_labels` (bool), `tables` (bool, PDFs: cell and line items; default true), budgets.
 */
export async function extractGenericFields(input: ProcessorInput): Promise<ProcessorResult> {
  const o = input.options ?? {};
  const ocr = strOpt(o, 'ocr');
  const mode: OcrMode = ocr === 'force' || ocr === 'never' ? ocr : 'auto';
  const date_order: DateOrder = o.date_order === 'dmy' ? 'dmy' : 'mdy';
  const labelOptions = { date_order, default_currency: strOpt(o, 'default_currency') ?? null, generic_labels: o.generic_labels !== false };
  const rules = (layout: LayoutDocument): { labels: ExtractedItem[]; entities: ExtractedItem[] } => ({
    labels: extractLabelValues(layout, labelOptions),
    entities: o.entities !== false ? extractEntities(layout, { date_order }) : [],
  });
  // Both rules look no further than a page (label-below-value stops at the page's end), so a
  // PDF's pages are worked on as they are read, and the document's items are the pages' in order.
  const byPage: Array<ReturnType<typeof rules>> = [];
  const loaded = await loadDocument(input, mode, (layout) => byPage.push(rules(layout)));
  let items: ExtractedItem[];
  if (loaded.pages_hooked) {
    items = byPage.flatMap((p) => p.labels);
    for (const p of byPage) appendItems(items, p.entities);
  } else {
    const whole = rules(loaded.layout);
    items = whole.labels;
    appendItems(items, whole.entities);
  }
  const completed = await completeItems(input, loaded, items);
  items = completed.items;
  return {
    items,
    pages: countItemsPerPage(items, loaded.pages),
    text: loaded.text,
    errors: loaded.errors,
    warnings: [...loaded.warnings, ...completed.warnings],
    engine_versions: loaded.engine_versions,
    layout_segments: placedSegments(loaded.layout),
  };
}

/** The processor definition. */
export const genericFieldsProcessor: ProcessorDefinition = {
  id: 'prc_generic_fields',
  name: 'generic-fields',
  version: '1.0.0',
  display_name: 'Generic fields (labels, dates, money)',
  description:
    "Deterministic label/value, date, money, e-mail, phone, IBAN and VAT id extraction with page provenance, and a PDF's tables cell by cell with invoice line items checked against the totals",
  state: 'enabled',
  supported_kinds: [...ALL_KINDS],
  capabilities: { page_regions: true, text_spans: true, ocr: true, tables: true, line_items: true },
  item_types: [...labelValueItemTypes(), ...entityItemTypes(), ...documentItemTypes(), ...tableItemTypes()],
  defaults: { auto_validate_min_confidence: 0.95, review_below_confidence: 0.8 },
  extract: extractGenericFields,
};
