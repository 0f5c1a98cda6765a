/**
 * `prc_ocr`: scanned PDFs (every page rasterised with `pdftoppm -r 200 -png`) and images
 * through the `tesseract` CLI; OCR words become boxes and the generic label/value and entity
 * rules run on them. Without tesseract: a `needs_ocr` error, no crash.
 */
import { extractEntities } from '../entities.js';
import { assignOccurrences, appendItems } from '../items.js';
import { extractLabelValues } from '../label-value.js';
import type { ProcessorDefinition, ProcessorInput, ProcessorResult } from '../types.js';
import { loadImage } from '../loaders/image-to-layout.js';
import { loadPdf } from '../loaders/pdf-to-layout.js';
import { countItemsPerPage } from '../page-reports.js';
import { procError } from '../processing-error.js';
import { strOpt } from '../processor-options.js';
import { entityItemTypes, labelValueItemTypes } from './item-types.js';

/** Options: `ocr_lang` ('eng'), `ocr_dpi` (200), `ocr_timeout_ms`, `date_order`, `default_currency`, `entities`. */
export async function extractOcr(input: ProcessorInput): Promise<ProcessorResult> {
  const o = input.options ?? {};
  const loaded = input.kind === 'image' ? await loadImage(input) : await loadPdf(input, 'force');
  // In force mode a missing OCR engine is an error of this processor, not a mere warning.
  const missing = loaded.warnings.filter((w) => w.code === 'needs_ocr');
  const warnings = loaded.warnings.filter((w) => w.code !== 'needs_ocr');
  const errors = [...loaded.errors];
  if (missing.length > 0) errors.push(procError('needs_ocr', 'source_unavailable', 'tesseract', missing[0].message, null));
  const date_order = o.date_order === 'dmy' ? 'dmy' : 'mdy';
  const items = extractLabelValues(loaded.layout, {
    date_order,
    default_currency: strOpt(o, 'default_currency') ?? null,
    generic_labels: o.generic_labels !== false,
  });
  if (o.entities !== false) appendItems(items, extractEntities(loaded.layout, { date_order }));
  assignOccurrences(items);
  return { items, pages: countItemsPerPage(items, loaded.pages), text: loaded.text, errors, warnings, engine_versions: loaded.engine_versions };
}

/** The processor definition. */
export const ocrProcessor: ProcessorDefinition = {
  id: 'prc_ocr',
  name: 'ocr',
  version: '1.0.0',
  display_name: 'OCR (scans and images)',
  description: 'Tesseract OCR of every page or image, then labelled fields and entities with word boxes',
  state: 'enabled',
  supported_kinds: ['pdf', 'image'],
  capabilities: { page_regions: true, text_spans: true, ocr: true, tables: false, line_items: false },
  item_types: [...labelValueItemTypes(), ...entityItemTypes()],
  defaults: { auto_validate_min_confidence: 0.95, review_below_confidence: 0.8 },
  extract: extractOcr,
};
