/**
 * The item listing written by `extractedItemListJson` is the text the route's compiled response
 * serializer (fast-json-stringify over the contract's schemas, compiled as the app compiles it)
 * writes for the same listing: odd strings, free JSON, nulls, absent optionals, stored objects
 * with keys in another order or keys the schema does not declare, every anchor kind. Items of
 * shapes it does not copy go to the compiled item serializer, so they too come out as before
 * (or fail as before).
 */
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { describe, expect, it } from 'vitest';
import { schemasReferencedBy } from '../../../http/referenced-schemas.js';
import { NAMED_SCHEMAS } from '../../../http/schema-registry.js';
import { MIRRORED_PROPERTIES, extractedItemListJson } from './extracted-item-list-json.js';

const named = Object.fromEntries(NAMED_SCHEMAS.map((s) => [s.$id ?? '', s]));
function compiled(name: string): (doc: unknown) => string {
  const schema = { $ref: name };
  return SerializerSelector()(schemasReferencedBy(schema, named), {})({ schema, method: 'GET', url: '/documents/:id/extracted-items', httpStatus: '200' }) as (doc: unknown) => string;
}
const listSerializer = compiled('ExtractedItemList');
const itemSerializer = compiled('ExtractedItem');

type Item = Record<string, unknown>;

/** An item as the presenter gives it for a freshly extracted label value (poppler-read page). */
function baseItem(overrides: Item = {}): Item {
  return {
    id: 'itm_01',
    organization_id: 'org_1',
    document_id: 'sdoc_1',
    assessment_id: null,
    run_id: 'run_1',
    processor_id: 'prc_generic_fields',
    key: 'invoice.number',
    label: 'Invoice number',
    path: 'invoice.number',
    parent_id: null,
    occurrence_index: 0,
    value_type: 'string',
    value_state: 'present',
    value: 'INV-0001',
    value_text: 'INV-0001',
    raw_text: 'INV-0001',
    extracted: { value: 'INV-0001', value_text: 'INV-0001', raw_text: 'INV-0001', value_state: 'present' },
    is_corrected: false,
    confidence: { overall: 0.9, ocr: null, extraction: 0.9, level: 'high', method: 'label_proximity_rule', calibrated: false },
    provenance: {
      quote: 'Invoice number: INV-0001',
      text_source: 'text_layer',
      anchors: [
        { kind: 'page_region', page_number: 1, page_size: { width: 612, height: 792, unit: 'pt' }, boxes: [{ x: 0.1794, y: 0.0919, w: 0.1417, h: 0.0117 }], coord_origin: 'top_left' },
        { kind: 'text_span', start: 17, end: 25, unit: 'utf16', text_ref: 'run_1/text' },
      ],
    },
    candidates: [],
    validation: {
      status: 'needs_review',
      checks: [{ id: 'not_blank', severity: 'error', passed: true, message: null }],
      blockers: [{ type: 'low_confidence', message: 'confidence 0.9 is below 0.95' }],
      decided_by: null,
      decided_at: null,
      decision_source: null,
      note: null,
    },
    current_correction_id: null,
    version: 1,
    superseded_by: null,
    created_at: '2026-11-27T10:00:00.000Z',
    updated_at: '2026-11-27T10:00:00.000Z',
    ...overrides,
  };
}

function listOf(items: Item[], envelope: Item = {}): Item {
  return { document_id: 'sdoc_1', run_id: 'run_1', review_status: 'needs_review', items, next_cursor: null, ...envelope };
}

/** The new text, with how many items went to the compiled item serializer. */
function written(list: Item): { json: string | null; fallbacks: number } {
  let fallbacks = 0;
  const json = extractedItemListJson(list as never, (item) => {
    fallbacks += 1;
    return itemSerializer(item);
  });
  return { json, fallbacks };
}

const ODD_STRINGS = [
  '',
  'plain',
  'quote " and backslash \\ and slash /',
  'controls \u0000\u0001\b\f\n\r\t\u001f end',
  'lone surrogates \ud800 and \udfff, a pair 😀',
  'line separators \u2028\u2029 and DEL \u007f',
  'Zürich – 東京 – عربى – ✓',
  'x'.repeat(41) + '"',
  'long ' + 'ab'.repeat(3000),
  'long with escape ' + 'é'.repeat(6000) + '\n',
];

/** Free JSON as JSON.parse gives it: nesting, odd keys, numbers at the edges. */
const NESTED = JSON.parse(
  '{"b":1,"a":[1,{"c":null,"d":[[],{}]}],"":"empty key","é\\"q":true,"10":"index key","2":[-0,1e21,1e-7,5e-324,0.30000000000000004,-123456789012345680000],"__proto__":{"x":1},"toJSON":"not a function","s":"\\ud800"}',
) as unknown;

describe('extractedItemListJson', () => {
  it('copies every property the contract declares: a property added to a schema fails here until the copy writes it', () => {
    const named = (id: string) => NAMED_SCHEMAS.find((schema) => (schema as { $id?: string }).$id === id) as { properties: Record<string, { properties?: Record<string, unknown> }> } | undefined;
    const item = named('ExtractedItem');
    expect(item).toBeDefined();
    const { json, fallbacks } = written({ document_id: 'sdoc_1', run_id: 'run_1', review_status: 'in_review', items: [baseItem()], next_cursor: null });
    expect(fallbacks).toBe(0);
    const copied = (JSON.parse(json ?? '{}') as { items: Item[] }).items[0] ?? {};
    expect(Object.keys(copied)).toEqual(Object.keys(item?.properties ?? {}));
    const declared: Record<string, string[]> = { 'ExtractedItem.extracted': Object.keys(item?.properties.extracted?.properties ?? {}) };
    for (const id of ['Confidence', 'Provenance', 'ItemValidation', 'ItemCheckResult']) declared[id] = Object.keys(named(id)?.properties ?? {});
    expect(Object.fromEntries(Object.entries(MIRRORED_PROPERTIES).map(([id, keys]) => [id, [...keys].sort()]))).toEqual(
      Object.fromEntries(Object.entries(declared).map(([id, keys]) => [id, [...keys].sort()])),
    );
  });

  it('writes what the compiled serializer writes for ordinary and odd items, without falling back', () => {
    const items = [
      baseItem(),
      ...ODD_STRINGS.map((s, i) => baseItem({ id: `itm_s${i}`, label: s, key: s, path: s, value: s, value_text: s, raw_text: s, extracted: { value: s, value_text: s, raw_text: s, value_state: 'present' }, provenance: { quote: s, anchors: [] } })),
      baseItem({ id: 'itm_nested', value_type: 'object', value: NESTED, value_text: null, candidates: [NESTED, null, 0, 'x', [1, [2]], false], extracted: { value: NESTED, value_text: null } }),
      baseItem({ id: 'itm_money', value_type: 'money', value: { amount: -0.5, currency: 'EUR' }, value_text: '-0.50 EUR' }),
      baseItem({ id: 'itm_nulls', assessment_id: 'asm_1', value: null, value_text: null, raw_text: null, value_state: 'absent', extracted: { value: null, value_text: null, raw_text: null, value_state: 'absent' }, current_correction_id: 'cor_1', superseded_by: 'itm_2', is_corrected: true, confidence: { overall: null, ocr: null, extraction: null, level: null } }),
      // Stored objects as older rows may hold them: declared keys in another order, keys the schema does not declare, optionals absent.
      baseItem({
        id: 'itm_stored',
        confidence: { calibrated: true, method: 'llm', zeta: { nested: [1, 'two'] }, overall: 1, alpha: null, ocr: 0.123456789 },
        provenance: { anchors: [{ text_ref: 'run_1/text', end: 3, start: 0, kind: 'text_span', extra: 'kept' }], extra_first: 1, quote: 'q' },
        extracted: { value_state: 'inferred', later_key: [null], value: 0 },
        validation: {
          note: 'n',
          acknowledged_warnings: ['w1', '😀'],
          status: 'validated',
          decided_on: { value: 'INV-0001', value_state: 'present' },
          held_decision: { status: 'validated', decided_by: 'usr_1', decided_at: null, note: null, basis: { value: NESTED, value_state: 'present' } },
          blockers: [{ message: 'm', type: 'failed_check', check_id: 'format', extra: { a: 1 } }, { type: 'conflicting' }],
          checks: [{ skipped: true, passed: false, severity: 'warning', id: 'range', message: 'out of range', extra: 'kept' }, { id: 'x', severity: 'info', passed: true }],
          decided_by: 'usr_1',
          decided_at: '2026-11-27T11:00:00.000Z',
          decision_source: 'human',
        },
      }),
      // Every anchor kind, with the keys a closed part drops (a box's, a table position's).
      baseItem({
        id: 'itm_anchors',
        provenance: {
          quote: 'q',
          text_source: 'ocr',
          anchors: [
            { kind: 'page_region', page_number: 3 },
            { kind: 'page_region', page_number: 2, boxes: [{ h: 0.5, w: 0.25, y: 0, x: 1, extra: 'dropped' }], page_size: { unit: 'px', height: 10.5, width: 20, dpi: 200 }, note: 'kept' },
            { kind: 'sheet_cell', sheet: 'Sheet 1', ref: 'B2', row: 2, column: 2, formula: '=A1' },
            { kind: 'docx_block', block_index: 4, block_type: 'table_cell', start: 0, end: 9, table: { c: 3, r: 2, t: 1, extra: 'dropped' } },
            { end: 5, start: 1, block_type: 'paragraph', block_index: 0, kind: 'docx_block' },
          ],
        },
      }),
    ];
    const list = listOf(items);
    const { json, fallbacks } = written(list);
    expect(json).toBe(listSerializer(list));
    expect(fallbacks).toBe(0);
    expect(JSON.parse(json ?? '')).toEqual(JSON.parse(listSerializer(list)));
  });

  it('writes an empty listing and a listing before any run as the compiled serializer does', () => {
    for (const list of [listOf([]), listOf([], { run_id: null, review_status: 'not_started', next_cursor: 'c\u2028' })]) {
      expect(written(list).json).toBe(listSerializer(list));
    }
  });

  it('hands items it does not copy to the item serializer: the listing is still what the compiled serializer writes', () => {
    const odd = [
      baseItem({ id: 'itm_index_key', confidence: { overall: 0.5, 1: 'index-like key' } }),
      baseItem({ id: 'itm_proto_key', extracted: JSON.parse('{"value":1,"__proto__":{"a":1}}') as unknown }),
      baseItem({ id: 'itm_coerced', occurrence_index: 1.7, is_corrected: 1, label: null, version: '2' }),
      baseItem({ id: 'itm_date', created_at: new Date(Date.UTC(2026, 0, 2)) }),
      baseItem({ id: 'itm_hole', candidates: [1, , 3] }), // a hole in the array
    ];
    const list = listOf(odd);
    const { json, fallbacks } = written(list);
    expect(fallbacks).toBe(odd.length);
    expect(json).toBe(listSerializer(list));
  });

  it('fails where the compiled serializer fails: values no branch of their union admits', () => {
    const refused = [
      baseItem({ confidence: { overall: 1.5 } }),
      baseItem({ value_text: 12 }),
      baseItem({ provenance: { quote: 'q', anchors: [{ kind: 'page_region', page_number: 0 }] } }),
      baseItem({ provenance: { quote: 'q', anchors: [{ kind: 'bounding_poly', page_number: 1 }] } }),
      baseItem({ validation: { status: 'pending', checks: [], blockers: [], decision_source: 'robot' } }),
    ];
    for (const item of refused) {
      const list = listOf([item]);
      expect(() => listSerializer(list)).toThrow();
      expect(() => written(list)).toThrow();
    }
  });

  it('leaves an envelope of another shape to the route serializer', () => {
    expect(written(listOf([baseItem()], { run_id: 7 })).json).toBeNull();
    expect(written(listOf([baseItem()], { document_id: null })).json).toBeNull();
  });
});
