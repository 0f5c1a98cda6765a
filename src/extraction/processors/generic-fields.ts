/**
 * `prc_generic_fields`: label → value by proximity plus pattern entities, on PDF text layers
 * (OCR fallback for pages without a usable one), images (OCR), docx, sheets and plain text.
 */
import { extractEntities } from '../entities.js';
import { assignOccurrences, appendItems } from '../items.js';
import { extractLabelValues } from '../label-value.js';
import { ALL_KINDS, type ExtractedItem, type ProcessorDefinition, type ProcessorInput, type ProcessorResult } from '../types.js';
import type { LayoutDocument } from '../layout.js';
import type { DateOrder } from '../value-parsers.js';
import { loadDocument } from '../loaders/load-document.js';
import type { OcrMode } from '../loaders/loaded-document.js';
import { placedSegments } from '../memory/placed-segments.js';
import { countItemsPerPage } from '../page-reports.js';
import { strOpt } from '../processor-options.js';
import { entityItemTypes, labelValueItemTypes } from './item-types.js';

/** Options: `ocr` ('auto' | 'force' | 'never'), `date_order` ('mdy' | 'dmy'), `default_currency`, `entities` (bool), `generic_labels` (bool), budgets. */
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
  assignOccurrences(items);
  return {
    items,
    pages: countItemsPerPage(items, loaded.pages),
    text: loaded.text,
    errors: loaded.errors,
    warnings: loaded.warnings,
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
  description: 'Deterministic label/value, date, money, e-mail, phone, IBAN and VAT id extraction with page provenance',
  state: 'enabled',
  supported_kinds: [...ALL_KINDS],
  capabilities: { page_regions: true, text_spans: true, ocr: true, tables: false, line_items: false },
  item_types: [...labelValueItemTypes(), ...entityItemTypes()],
  defaults: { auto_validate_min_confidence: 0.95, review_below_confidence: 0.8 },
  extract: extractGenericFields,
};
