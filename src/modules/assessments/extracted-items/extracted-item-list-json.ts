/**
 * The JSON text of an item listing (`ExtractedItemList`), byte for byte what the route's
 * compiled response serializer (fast-json-stringify) writes, at a fraction of its cost (issue
 * #17: a 170-page PDF's 3,400 items are a 4.8 MB body; fast-json-stringify took ~60 % of the
 * server's time for it, building the text by concatenation, where the native JSON.stringify
 * of the same objects takes a sixth of that).
 *
 * How: each item is copied into a plain object whose keys are in fast-json-stringify's order
 * (a schema's required properties in schema order, then its optional ones, then, where the
 * schema is open (`stored`), the object's other keys in their own order; keys a closed schema
 * does not declare are dropped), and that object goes to JSON.stringify. For the values
 * admitted here the two write the same text: strings (fast-json-stringify escapes as
 * JSON.stringify does), finite numbers (`'' + n`), integers, booleans, null, and free JSON
 * (`Type.Unknown`, which fast-json-stringify itself hands to JSON.stringify).
 *
 * Only the shapes this file knows exactly are copied: a value of another type (a number where
 * a string is declared, a union branch that would not validate, an anchor of an unknown kind,
 * an extra key that a plain object would reorder) makes the item `undefined` here, and the
 * caller serializes that item with the compiled serializer, which coerces or refuses it as it
 * always did. So the answer never differs from the compiled serializer's; the tests compare
 * the two on odd values.
 */
import type { Static } from 'typebox';
import type { ExtractedItem, ExtractedItemList } from './extracted-item.schemas.js';

type Wire = Static<typeof ExtractedItem>;
type ListWire = Static<typeof ExtractedItemList>;
type Plain = Record<string, unknown>;

/**
 * The listing's JSON text, or null when its envelope is not of the shapes handled here (the
 * caller then lets the route serialize it). `serializeItem`: the compiled serializer of one
 * `ExtractedItem`, for the items this file does not copy.
 */
export function extractedItemListJson(list: ListWire, serializeItem: (item: Wire) => string): string | null {
  if (typeof list.document_id !== 'string' || !nullableString(list.run_id) || typeof list.review_status !== 'string' || !nullableString(list.next_cursor)) return null;
  if (!Array.isArray(list.items)) return null;
  const items: string[] = new Array<string>(list.items.length);
  for (let i = 0; i < list.items.length; i++) {
    const item = list.items[i];
    const copy = itemCopy(item);
    items[i] = copy === undefined ? serializeItem(item) : JSON.stringify(copy);
  }
  // The envelope: every property required, none other written (the schema is closed).
  return `{"document_id":${JSON.stringify(list.document_id)},"run_id":${JSON.stringify(list.run_id)},"review_status":${JSON.stringify(list.review_status)},"items":[${items.join(',')}],"next_cursor":${JSON.stringify(list.next_cursor)}}`;
}

/** `ExtractedItem` (closed: only its own properties, all required, in schema order). */
function itemCopy(item: unknown): Plain | undefined {
  if (!isPlain(item)) return undefined;
  const i = item;
  if (!strings(i, ITEM_STRINGS) || !nullableStrings(i, ITEM_NULLABLE_STRINGS)) return undefined;
  if (!Number.isInteger(i.occurrence_index) || !Number.isInteger(i.version) || typeof i.is_corrected !== 'boolean' || !freeJson(i.value)) return undefined;
  const extracted = extractedCopy(i.extracted);
  const confidence = confidenceCopy(i.confidence);
  const provenance = provenanceCopy(i.provenance);
  const candidates = freeJsonArray(i.candidates);
  const validation = validationCopy(i.validation);
  if (extracted === undefined || confidence === undefined || provenance === undefined || candidates === undefined || validation === undefined) return undefined;
  return {
    id: i.id,
    organization_id: i.organization_id,
    document_id: i.document_id,
    assessment_id: i.assessment_id,
    run_id: i.run_id,
    processor_id: i.processor_id,
    key: i.key,
    label: i.label,
    path: i.path,
    parent_id: i.parent_id,
    occurrence_index: i.occurrence_index,
    value_type: i.value_type,
    value_state: i.value_state,
    value: i.value,
    value_text: i.value_text,
    raw_text: i.raw_text,
    extracted,
    is_corrected: i.is_corrected,
    confidence,
    provenance,
    candidates,
    validation,
    current_correction_id: i.current_correction_id,
    version: i.version,
    superseded_by: i.superseded_by,
    created_at: i.created_at,
    updated_at: i.updated_at,
  };
}

const ITEM_STRINGS = ['id', 'organization_id', 'document_id', 'run_id', 'processor_id', 'key', 'label', 'path', 'value_type', 'value_state', 'created_at', 'updated_at'];
const ITEM_NULLABLE_STRINGS = ['assessment_id', 'parent_id', 'value_text', 'raw_text', 'current_correction_id', 'superseded_by'];

/** `extracted` (open): value; then value_text, raw_text, value_state when present. */
function extractedCopy(v: unknown): Plain | undefined {
  if (!isPlain(v) || !freeJson(v.value)) return undefined;
  if (!optional(v.value_text, nullableString) || !optional(v.raw_text, nullableString) || !optional(v.value_state, isString)) return undefined;
  const out: Plain = { value: v.value };
  put(out, 'value_text', v.value_text);
  put(out, 'raw_text', v.raw_text);
  put(out, 'value_state', v.value_state);
  return withExtra(v, EXTRACTED_KEYS, out);
}
const EXTRACTED_KEYS = new Set(['value', 'value_text', 'raw_text', 'value_state']);

/** `Confidence` (open): overall (null or a number in [0, 1]); then ocr, extraction, level, method, calibrated. */
function confidenceCopy(v: unknown): Plain | undefined {
  if (!isPlain(v)) return undefined;
  const overall = v.overall;
  if (!(overall === null || (finite(overall) && overall >= 0 && overall <= 1))) return undefined;
  if (!optional(v.ocr, nullableFinite) || !optional(v.extraction, nullableFinite) || !optional(v.method, isString) || !optional(v.calibrated, isBoolean)) return undefined;
  if (!optional(v.level, (x) => x === null || x === 'high' || x === 'medium' || x === 'low')) return undefined;
  const out: Plain = { overall };
  put(out, 'ocr', v.ocr);
  put(out, 'extraction', v.extraction);
  put(out, 'level', v.level);
  put(out, 'method', v.method);
  put(out, 'calibrated', v.calibrated);
  return withExtra(v, CONFIDENCE_KEYS, out);
}
const CONFIDENCE_KEYS = new Set(['overall', 'ocr', 'extraction', 'level', 'method', 'calibrated']);

/** `Provenance` (open): quote, anchors (required), then text_source. */
function provenanceCopy(v: unknown): Plain | undefined {
  if (!isPlain(v) || typeof v.quote !== 'string' || !Array.isArray(v.anchors) || !optional(v.text_source, isString)) return undefined;
  const anchors = arrayOf(v.anchors, anchorCopy);
  if (anchors === undefined) return undefined;
  const out: Plain = { quote: v.quote, anchors };
  put(out, 'text_source', v.text_source);
  return withExtra(v, PROVENANCE_KEYS, out);
}
const PROVENANCE_KEYS = new Set(['quote', 'text_source', 'anchors']);

/**
 * One `ProvenanceAnchor`. fast-json-stringify writes the first branch of the union that
 * validates (the four differ in `kind`), so an anchor is copied only when it validates against
 * its kind's branch: every declared property of the declared type, enum and minimum included.
 */
function anchorCopy(v: unknown): Plain | undefined {
  if (!isPlain(v)) return undefined;
  switch (v.kind) {
    case 'page_region': {
      if (!Number.isInteger(v.page_number) || (v.page_number as number) < 1 || !optional(v.coord_origin, (x) => x === 'top_left')) return undefined;
      const pageSize = v.page_size === undefined ? undefined : pageSizeCopy(v.page_size);
      const boxes = v.boxes === undefined ? undefined : Array.isArray(v.boxes) ? arrayOf(v.boxes, boxCopy) : undefined;
      if ((v.page_size !== undefined && pageSize === undefined) || (v.boxes !== undefined && boxes === undefined)) return undefined;
      const out: Plain = { kind: v.kind, page_number: v.page_number };
      put(out, 'page_size', pageSize);
      put(out, 'boxes', boxes);
      put(out, 'coord_origin', v.coord_origin);
      return withExtra(v, PAGE_REGION_KEYS, out);
    }
    case 'text_span': {
      if (!Number.isInteger(v.start) || !Number.isInteger(v.end) || !optional(v.unit, (x) => x === 'utf16') || !optional(v.text_ref, isString)) return undefined;
      const out: Plain = { kind: v.kind, start: v.start, end: v.end };
      put(out, 'unit', v.unit);
      put(out, 'text_ref', v.text_ref);
      return withExtra(v, TEXT_SPAN_KEYS, out);
    }
    case 'sheet_cell': {
      if (typeof v.sheet !== 'string' || typeof v.ref !== 'string' || !Number.isInteger(v.row) || !Number.isInteger(v.column)) return undefined;
      return withExtra(v, SHEET_CELL_KEYS, { kind: v.kind, sheet: v.sheet, ref: v.ref, row: v.row, column: v.column });
    }
    case 'docx_block': {
      if (!Number.isInteger(v.block_index) || !(v.block_type === 'paragraph' || v.block_type === 'table_cell') || !Number.isInteger(v.start) || !Number.isInteger(v.end)) return undefined;
      const table = v.table === undefined ? undefined : tableCopy(v.table);
      if (v.table !== undefined && table === undefined) return undefined;
      const out: Plain = { kind: v.kind, block_index: v.block_index, block_type: v.block_type, start: v.start, end: v.end };
      put(out, 'table', table);
      return withExtra(v, DOCX_BLOCK_KEYS, out);
    }
    default:
      return undefined;
  }
}
const PAGE_REGION_KEYS = new Set(['kind', 'page_number', 'page_size', 'boxes', 'coord_origin']);
const TEXT_SPAN_KEYS = new Set(['kind', 'start', 'end', 'unit', 'text_ref']);
const SHEET_CELL_KEYS = new Set(['kind', 'sheet', 'ref', 'row', 'column']);
const DOCX_BLOCK_KEYS = new Set(['kind', 'block_index', 'block_type', 'table', 'start', 'end']);

/** A page region's `page_size` (open): width, height, unit ('pt' or 'px'). */
function pageSizeCopy(v: unknown): Plain | undefined {
  if (!isPlain(v) || !finite(v.width) || !finite(v.height) || !(v.unit === 'pt' || v.unit === 'px')) return undefined;
  return withExtra(v, PAGE_SIZE_KEYS, { width: v.width, height: v.height, unit: v.unit });
}
const PAGE_SIZE_KEYS = new Set(['width', 'height', 'unit']);

/** `NormalizedBox` (closed: other keys are dropped). */
function boxCopy(v: unknown): Plain | undefined {
  if (!isPlain(v) || !finite(v.x) || !finite(v.y) || !finite(v.w) || !finite(v.h)) return undefined;
  return { x: v.x, y: v.y, w: v.w, h: v.h };
}

/** A docx table cell's position (closed). */
function tableCopy(v: unknown): Plain | undefined {
  if (!isPlain(v) || !Number.isInteger(v.t) || !Number.isInteger(v.r) || !Number.isInteger(v.c)) return undefined;
  return { t: v.t, r: v.r, c: v.c };
}

/** `ItemValidation` (open): status, checks, blockers; then decided_by, decided_at, decision_source, note, acknowledged_warnings. */
function validationCopy(v: unknown): Plain | undefined {
  if (!isPlain(v) || typeof v.status !== 'string' || !Array.isArray(v.checks) || !Array.isArray(v.blockers)) return undefined;
  if (!optional(v.decided_by, nullableString) || !optional(v.decided_at, nullableString) || !optional(v.note, nullableString)) return undefined;
  if (!optional(v.decision_source, (x) => x === null || x === 'human' || x === 'automation' || x === 'carried_forward')) return undefined;
  if (!optional(v.acknowledged_warnings, (x) => Array.isArray(x) && everyIndex(x, isString))) return undefined;
  const checks = arrayOf(v.checks, checkCopy);
  const blockers = arrayOf(v.blockers, blockerCopy);
  if (checks === undefined || blockers === undefined) return undefined;
  const out: Plain = { status: v.status, checks, blockers };
  put(out, 'decided_by', v.decided_by);
  put(out, 'decided_at', v.decided_at);
  put(out, 'decision_source', v.decision_source);
  put(out, 'note', v.note);
  put(out, 'acknowledged_warnings', v.acknowledged_warnings);
  return withExtra(v, VALIDATION_KEYS, out);
}
const VALIDATION_KEYS = new Set(['status', 'checks', 'blockers', 'decided_by', 'decided_at', 'decision_source', 'note', 'acknowledged_warnings']);

/** `ItemCheckResult` (open): id, severity, passed; then message, skipped. */
function checkCopy(v: unknown): Plain | undefined {
  if (!isPlain(v) || typeof v.id !== 'string' || typeof v.severity !== 'string' || typeof v.passed !== 'boolean') return undefined;
  if (!optional(v.message, nullableString) || !optional(v.skipped, isBoolean)) return undefined;
  const out: Plain = { id: v.id, severity: v.severity, passed: v.passed };
  put(out, 'message', v.message);
  put(out, 'skipped', v.skipped);
  return withExtra(v, CHECK_KEYS, out);
}
const CHECK_KEYS = new Set(['id', 'severity', 'passed', 'message', 'skipped']);

/** A blocker (open): type; then check_id, message. */
function blockerCopy(v: unknown): Plain | undefined {
  if (!isPlain(v) || typeof v.type !== 'string' || !optional(v.check_id, isString) || !optional(v.message, isString)) return undefined;
  const out: Plain = { type: v.type };
  put(out, 'check_id', v.check_id);
  put(out, 'message', v.message);
  return withExtra(v, BLOCKER_KEYS, out);
}
const BLOCKER_KEYS = new Set(['type', 'check_id', 'message']);

/**
 * The properties this file copies, by the named schema (or `ExtractedItem.extracted`) they
 * mirror: a test compares them with the contract's schemas, so a property added there cannot
 * be dropped here unnoticed (the copy would write the item without it).
 */
export const MIRRORED_PROPERTIES: Readonly<Record<string, ReadonlySet<string>>> = {
  'ExtractedItem.extracted': EXTRACTED_KEYS,
  Confidence: CONFIDENCE_KEYS,
  Provenance: PROVENANCE_KEYS,
  ItemValidation: VALIDATION_KEYS,
  ItemCheckResult: CHECK_KEYS,
};

/** An object as JSON.parse makes them (no prototype tricks, no toJSON of its own). */
function isPlain(v: unknown): v is Plain {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return (proto === Object.prototype || proto === null) && typeof (v as Plain).toJSON !== 'function';
}

/**
 * Free JSON (`Type.Unknown`): fast-json-stringify writes `JSON.stringify(value)` on its own,
 * the copy writes it nested; the two differ only for a value with a `toJSON` (called with
 * another key) or one JSON.stringify leaves out, neither of which JSON.parse gives.
 */
function freeJson(v: unknown): boolean {
  if (v === undefined || typeof v === 'function' || typeof v === 'symbol' || typeof v === 'bigint') return false;
  return v === null || typeof v !== 'object' || typeof (v as Plain).toJSON !== 'function';
}

/** An array of free JSON (`candidates`): fast-json-stringify writes each element with JSON.stringify. */
function freeJsonArray(v: unknown): unknown[] | undefined {
  return Array.isArray(v) && everyIndex(v, freeJson) ? v : undefined;
}

/** Each element copied, or undefined when one is not copyable (holes included). */
function arrayOf(values: unknown[], copy: (v: unknown) => Plain | undefined): Plain[] | undefined {
  const out: Plain[] = new Array<Plain>(values.length);
  for (let i = 0; i < values.length; i++) {
    const c = copy(values[i]);
    if (c === undefined) return undefined;
    out[i] = c;
  }
  return out;
}

function everyIndex(values: unknown[], test: (v: unknown) => boolean): boolean {
  for (let i = 0; i < values.length; i++) if (!test(values[i])) return false;
  return true;
}

/** A key that is an array index: a plain object lists such keys first whatever the order they were added in. */
const INDEX_LIKE = /^(?:0|[1-9]\d*)$/;

/**
 * Adds the keys of `from` its schema does not declare (`known`), in `from`'s order, after the
 * declared ones, as fast-json-stringify writes an open schema's other keys; undefined when a
 * key would not keep that place in a plain object (an index-like key, `__proto__`) or its
 * value is not free JSON.
 */
function withExtra(from: Plain, known: ReadonlySet<string>, out: Plain): Plain | undefined {
  for (const key of Object.keys(from)) {
    if (known.has(key)) continue;
    const value = from[key];
    // Written by neither.
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue;
    if (key === '__proto__' || INDEX_LIKE.test(key) || !freeJson(value)) return undefined;
    out[key] = value;
  }
  return out;
}

/** Sets an optional property only when present (absent stays absent, as fast-json-stringify leaves it out). */
function put(out: Plain, key: string, value: unknown): void {
  if (value !== undefined) out[key] = value;
}

function optional(v: unknown, test: (v: unknown) => boolean): boolean {
  return v === undefined || test(v);
}

function strings(o: Plain, keys: readonly string[]): boolean {
  for (const k of keys) if (typeof o[k] !== 'string') return false;
  return true;
}

function nullableStrings(o: Plain, keys: readonly string[]): boolean {
  for (const k of keys) if (!nullableString(o[k])) return false;
  return true;
}

function isString(v: unknown): boolean {
  return typeof v === 'string';
}

function isBoolean(v: unknown): boolean {
  return typeof v === 'boolean';
}

function nullableString(v: unknown): boolean {
  return v === null || typeof v === 'string';
}

function finite(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

function nullableFinite(v: unknown): boolean {
  return v === null || finite(v);
}
