/**
 * `prc_docx`: Word documents. mammoth gives the run text; `word/document.xml` gives exact
 * paragraph / table-cell block indices for `docx_block` anchors; the generic label/value and
 * entity rules run on the blocks (a table row is a line, its cells are segments).
 */
import { extractEntities } from '../entities.js';
import { assignOccurrences, appendItems } from '../items.js';
import { extractLabelValues } from '../label-value.js';
import type { ProcessorDefinition, ProcessorInput, ProcessorResult } from '../types.js';
import { loadDocx } from '../loaders/docx-to-layout.js';
import { countItemsPerPage } from '../page-reports.js';
import { strOpt } from '../processor-options.js';
import { entityItemTypes, labelValueItemTypes } from './item-types.js';

/** Options: `date_order`, `default_currency`, `entities` (default true), `generic_labels` (default true). */
export async function extractDocx(input: ProcessorInput): Promise<ProcessorResult> {
  const o = input.options ?? {};
  const loaded = await loadDocx(input);
  const date_order = o.date_order === 'dmy' ? 'dmy' : 'mdy';
  const items = extractLabelValues(loaded.layout, {
    date_order,
    default_currency: strOpt(o, 'default_currency') ?? null,
    generic_labels: o.generic_labels !== false,
  });
  if (o.entities !== false) appendItems(items, extractEntities(loaded.layout, { date_order }));
  assignOccurrences(items);
  return {
    items,
    pages: countItemsPerPage(items, loaded.pages),
    text: loaded.text,
    errors: loaded.errors,
    warnings: loaded.warnings,
    engine_versions: loaded.engine_versions,
  };
}

/** The processor definition. */
export const docxProcessor: ProcessorDefinition = {
  id: 'prc_docx',
  name: 'docx',
  version: '1.0.0',
  display_name: 'Word documents (docx)',
  description: 'Labelled fields and entities from paragraphs and tables with exact block anchors',
  state: 'enabled',
  supported_kinds: ['docx'],
  capabilities: { page_regions: false, text_spans: true, ocr: false, tables: true, line_items: false },
  item_types: [...labelValueItemTypes(), ...entityItemTypes()],
  defaults: { auto_validate_min_confidence: 0.95, review_below_confidence: 0.8 },
  extract: extractDocx,
};
