/** The named exporters (D13), each with its media type. */
export interface ExporterInfo {
  name: string;
  media_type: string;
  description: string;
  options_schema: Record<string, unknown>;
}

const POLICY = {
  policy: { enum: ['validated_only', 'all'], default: 'validated_only' },
  include_provenance: { type: 'boolean', default: true },
  include_rejected: { type: 'boolean', default: false },
};

export const EXPORTERS: readonly ExporterInfo[] = [
  {
    name: 'json',
    media_type: 'application/json',
    description: 'Canonical: the document header plus full items (value, extracted, confidence, provenance, validation, correction ids).',
    options_schema: { type: 'object', properties: POLICY },
  },
  {
    name: 'flat-json',
    media_type: 'application/json',
    description: '{key: value_text}, arrays for keys that occur more than once.',
    options_schema: { type: 'object', properties: POLICY },
  },
  {
    name: 'csv',
    media_type: 'text/csv',
    description: 'One row per item: key, value_text, raw_text, value_state, confidence, level, validation status, corrected, page, quote.',
    options_schema: { type: 'object', properties: POLICY },
  },
  {
    name: 'xlsx',
    media_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    description: 'Sheets items, provenance and corrections.',
    options_schema: { type: 'object', properties: POLICY },
  },
  {
    name: 'corrections',
    media_type: 'application/json',
    description: 'Gold pairs (extracted → corrected) for evaluating processors.',
    options_schema: { type: 'object', properties: {} },
  },
  {
    name: 'data-needs',
    media_type: 'application/json',
    description: "Pushes validated values into the linked /v1 document's fields; returns what was set, with citations.",
    options_schema: { type: 'object', properties: POLICY },
  },
];

export function findExporter(name: string): ExporterInfo | undefined {
  return EXPORTERS.find((e) => e.name === name);
}
