/**
 * `prc_acroform`: exact values of fillable PDF form fields with their widget rectangles.
 * Confidence is 1.0 with `method: 'acroform'`: the value is read, not inferred.
 */
import { assignOccurrences, makeConfidence, makeItem } from '../items.js';
import { extractPdfText } from '../pdf-text.js';
import type { PdfFormField } from '../pdf-text-model.js';
import { gradeFor } from '../text-quality.js';
import type { ExtractedItem, JsonValue, PageReport, ProcessorDefinition, ProcessorInput, ProcessorResult, ValueType } from '../types.js';
import { engineVersions } from '../engine-versions.js';
import { countItemsPerPage } from '../page-reports.js';
import { procError } from '../processing-error.js';
import { numOpt } from '../processor-options.js';

/** The item key of a field: `form.<field name>` (spaces → `_`), or the caller's mapping. */
export function acroformKey(name: string, mapping?: Record<string, unknown>): string {
  const mapped = mapping?.[name];
  return typeof mapped === 'string' && mapped !== '' ? mapped : `form.${name.trim().replace(/\s+/g, '_')}`;
}

function fieldItem(f: PdfFormField, mapping: Record<string, unknown> | undefined): ExtractedItem | null {
  if (f.type === 'signature' || f.type === 'button') return null;
  let valueType: ValueType = 'string';
  let value: JsonValue = null;
  let blank = false;
  let raw: string | null = f.raw_value;
  if (f.type === 'checkbox') {
    valueType = 'boolean';
    value = f.value === true;
    raw = f.raw_value;
  } else if (Array.isArray(f.value)) {
    valueType = 'array';
    value = f.value;
    blank = f.value.length === 0;
    raw = f.value.join(', ');
  } else if (typeof f.value === 'string') {
    value = f.value;
    blank = f.value.trim() === '';
  } else {
    blank = true;
  }
  const anchors: ExtractedItem['provenance']['anchors'] = [];
  if (f.page_number !== null && f.page_size && f.box) {
    anchors.push({ kind: 'page_region', page_number: f.page_number, page_size: { ...f.page_size, unit: 'pt' }, boxes: [f.box], coord_origin: 'top_left' });
  }
  return makeItem({
    key: acroformKey(f.name, mapping),
    label: f.name,
    value_type: valueType,
    value_state: blank ? 'blank' : 'present',
    value: blank ? null : value,
    raw_text: blank ? null : raw,
    quote: raw ?? '',
    text_source: 'acroform',
    anchors,
    confidence: makeConfidence('acroform', 1, null),
  });
}

/** Options: `mapping` {field name → item key}, `timeout_ms`, `max_pages`. */
export async function extractAcroform(input: ProcessorInput): Promise<ProcessorResult> {
  const o = input.options ?? {};
  const mapping = typeof o.mapping === 'object' && o.mapping !== null ? (o.mapping as Record<string, unknown>) : undefined;
  const versions = await engineVersions(['pdf']);
  const res = await extractPdfText(input.bytes, { timeout_ms: numOpt(o, 'timeout_ms', 60_000), max_pages: numOpt(o, 'max_pages', 300), include_fields: true });
  if (!res.ok) {
    return {
      items: [],
      pages: [],
      text: '',
      errors: [procError(res.error.code, res.error.code === 'timeout' ? 'timeout' : 'source_unavailable', 'pdfjs', res.error.message)],
      warnings: [],
      engine_versions: versions,
    };
  }
  const pdf = res.value;
  const items = assignOccurrences(pdf.fields.map((f) => fieldItem(f, mapping)).filter((i): i is ExtractedItem => i !== null));
  const pages: PageReport[] = pdf.pages.map((p) => ({
    page_number: p.page_number,
    method: 'text_layer',
    parse_score: p.quality,
    ocr_score: null,
    grade: gradeFor(p.quality),
    item_count: 0,
    warnings: [],
  }));
  const warnings = pdf.fields.length === 0 ? [{ code: 'no_form_fields', message: 'the PDF has no AcroForm fields', page_number: null }] : [];
  return { items, pages: countItemsPerPage(items, pages), text: pdf.text, errors: [], warnings, engine_versions: versions };
}

/** The processor definition. */
export const acroformProcessor: ProcessorDefinition = {
  id: 'prc_acroform',
  name: 'acroform',
  version: '1.0.0',
  display_name: 'PDF form fields (AcroForm)',
  description: 'Exact values of fillable PDF form fields with their widget rectangles',
  state: 'enabled',
  supported_kinds: ['pdf'],
  capabilities: { page_regions: true, text_spans: false, ocr: false, tables: false, line_items: false },
  item_types: [
    {
      key: 'form.*',
      label: 'Form field',
      value_type: 'string',
      occurrence: 'optional_multiple',
      description: 'A form field by its fully qualified name; checkboxes are boolean, list boxes arrays',
      example: 'Contoso Ltd',
      checks: [],
    },
  ],
  defaults: { auto_validate_min_confidence: 0.95, review_below_confidence: 0.8 },
  extract: extractAcroform,
};
