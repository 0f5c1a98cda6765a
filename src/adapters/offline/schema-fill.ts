/**
 * Build a value that fits a JSON Schema from named candidate values, falling back to typed
 * defaults; validate with ajv. Pure and deterministic. Supports type (incl. arrays of types),
 * properties/required, items, enum/const/default, minimum/maximum, minLength, minItems, local
 * `$ref`, allOf (merged) and anyOf/oneOf (first branch that fits).
 */
import type { ErrorObject } from 'ajv';
import { parseAmount } from './entities.js';
import { newAjv, validatorFor } from './schema-validators.js';

/** A JSON Schema (or sub-schema) as a plain object. */
export type JsonSchema = { [key: string]: unknown };

const isObject = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v);
const MAX_DEPTH = 8;

/** Render ajv errors as "path message" strings. */
function messages(errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((e) => {
    const extra = e.keyword === 'additionalProperties' && isObject(e.params) ? ` '${String(e.params.additionalProperty)}'` : '';
    return `${e.instancePath === '' ? '(root)' : e.instancePath} ${e.message ?? e.keyword}${extra}`;
  });
}

/**
 * Validate `value` against `schema` with ajv. Returns error messages such as
 * "/amount must be number"; an empty array means valid. An invalid schema yields one message.
 */
export function validateAgainstSchema(schema: object, value: unknown): string[] {
  try {
    const validate = validatorFor(schema);
    return validate(value) ? [] : messages(validate.errors);
  } catch (error) {
    return [`invalid schema: ${error instanceof Error ? error.message : String(error)}`];
  }
}

/** Follow a local `#/…` JSON pointer. */
function pointer(root: JsonSchema, ref: string): JsonSchema | null {
  let node: unknown = root;
  for (const part of ref
    .replace(/^#\/?/, '')
    .split('/')
    .filter((p) => p !== '')) {
    const key = decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~');
    node = isObject(node) ? node[key] : undefined;
  }
  return isObject(node) ? node : null;
}

/** Resolve `$ref` and merge `allOf` so the caller sees one flat schema. */
function resolve(schema: JsonSchema, root: JsonSchema, depth = 0): JsonSchema {
  let s = schema;
  if (typeof s.$ref === 'string' && depth < MAX_DEPTH) {
    const target = pointer(root, s.$ref);
    const { $ref: _ref, ...rest } = s;
    if (target) s = { ...resolve(target, root, depth + 1), ...rest };
  }
  if (Array.isArray(s.allOf) && depth < MAX_DEPTH) {
    const parts = s.allOf.filter(isObject).map((p) => resolve(p, root, depth + 1));
    const { allOf: _all, ...rest } = s;
    s = parts.reduce<JsonSchema>(
      (acc, p) => ({
        ...p,
        ...acc,
        properties: { ...(isObject(p.properties) ? p.properties : {}), ...(isObject(acc.properties) ? acc.properties : {}) },
        required: [...new Set([...(Array.isArray(p.required) ? p.required : []), ...(Array.isArray(acc.required) ? acc.required : [])])],
      }),
      rest,
    );
  }
  return s;
}

/** The types a schema admits, in declaration order (inferred when `type` is absent). */
function typesOf(s: JsonSchema): string[] {
  if (typeof s.type === 'string') return [s.type];
  if (Array.isArray(s.type)) return s.type.filter((t): t is string => typeof t === 'string');
  if (isObject(s.properties) || Array.isArray(s.required)) return ['object'];
  if (s.items !== undefined) return ['array'];
  return [];
}

/** Named candidate values for the properties of one object level. */
export type Lookup = (name: string) => unknown;

/** Filler bound to one root schema (for `$ref`) and one ajv instance (for branch checks). */
export class SchemaFiller {
  private readonly ajv = newAjv();
  /** @param root The root schema, used to resolve local `$ref`s. */
  constructor(private readonly root: JsonSchema) {}

  /** True when `value` satisfies the sub-schema `s` (with the root's definitions in scope). */
  fits(s: JsonSchema, value: unknown): boolean {
    try {
      const scoped = { ...s, $defs: this.root.$defs, definitions: this.root.definitions };
      return this.ajv.validate(scoped, value);
    } catch {
      return false;
    }
  }

  /** A typed default for `schema`. */
  defaultFor(schema: JsonSchema, depth = 0): unknown {
    const s = resolve(schema, this.root);
    if (s.default !== undefined) return s.default;
    if (s.const !== undefined) return s.const;
    if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
    const branches = [s.anyOf, s.oneOf].find(Array.isArray)?.filter(isObject) ?? [];
    if (branches.length > 0 && depth < MAX_DEPTH) return this.defaultFor(branches[0], depth + 1);
    const types = typesOf(s);
    if (types.includes('null')) return null;
    const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);
    switch (types[0]) {
      case 'string': {
        const min = num(s.minLength) ?? 0;
        return min === 0 ? '' : 'unknown'.padEnd(min, '.');
      }
      case 'number':
      case 'integer': {
        const exMin = num(s.exclusiveMinimum);
        let v = num(s.minimum) ?? (exMin === null ? 0 : types[0] === 'integer' ? Math.floor(exMin) + 1 : exMin + 1);
        const max = num(s.maximum);
        if (max !== null && v > max) v = max;
        return v;
      }
      case 'boolean':
        return false;
      case 'array': {
        const items = isObject(s.items) ? s.items : {};
        return Array.from({ length: num(s.minItems) ?? 0 }, () => this.defaultFor(items, depth + 1));
      }
      case 'object':
        return depth < MAX_DEPTH ? this.buildObject(s, () => undefined, depth + 1) : {};
      default:
        return null;
    }
  }

  /** Fill an object schema: properties with a fitting candidate, required ones with defaults. */
  buildObject(schema: JsonSchema, lookup: Lookup, depth = 0): Record<string, unknown> {
    const s = resolve(schema, this.root);
    const props = isObject(s.properties) ? s.properties : {};
    const required = new Set(Array.isArray(s.required) ? s.required.filter((r): r is string => typeof r === 'string') : []);
    const out: Record<string, unknown> = {};
    const names = [...Object.keys(props), ...[...required].filter((r) => !(r in props))];
    for (const name of names) {
      const sub = isObject(props[name]) ? props[name] : {};
      const candidate = lookup(name);
      const value = candidate === undefined ? undefined : this.coerce(sub, candidate, depth + 1);
      if (value !== undefined) out[name] = value;
      else if (required.has(name)) out[name] = this.defaultFor(sub, depth + 1);
    }
    return out;
  }

  /** Convert a candidate to the schema's type; undefined when it cannot fit. */
  coerce(schema: JsonSchema, value: unknown, depth = 0): unknown {
    if (depth > MAX_DEPTH) return undefined;
    const s = resolve(schema, this.root);
    const branches = [s.anyOf, s.oneOf].find(Array.isArray)?.filter(isObject) ?? [];
    for (const b of branches) {
      const v = this.coerce(b, value, depth + 1);
      if (v !== undefined) return v;
    }
    if (Array.isArray(s.enum)) {
      const hit = s.enum.find((e) => e === value || (typeof e === 'string' && typeof value === 'string' && e.toLowerCase() === value.trim().toLowerCase()));
      return hit;
    }
    const types = typesOf(s);
    for (const type of types.length > 0 ? types : ['any']) {
      const v = this.coerceTo(type, s, value, depth);
      if (v !== undefined && this.fits(s, v)) return v;
    }
    return undefined;
  }

  /** Convert to one JSON type. */
  private coerceTo(type: string, s: JsonSchema, value: unknown, depth: number): unknown {
    switch (type) {
      case 'string':
        if (typeof value === 'string') return value;
        if (typeof value === 'number' || typeof value === 'boolean') return String(value);
        if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) return value.join(', ');
        return undefined;
      case 'number':
      case 'integer': {
        let n: number | undefined;
        if (typeof value === 'number') n = value;
        else if (typeof value === 'string') {
          // Only numeric-looking strings ("25,000", "EUR 25,000", "12%"), not dates or prose.
          const m = /^\s*([A-Za-z€$£¥]{0,3})\s?(-?)(\d[\d,.'\u00a0]*?)[.,]?\s*(%|[A-Za-z€$£¥]{0,3})\s*$/.exec(value);
          if (m) n = parseAmount(m[3]) * (m[2] === '-' ? -1 : 1);
        }
        if (n === undefined || !Number.isFinite(n)) return undefined;
        return type === 'integer' ? (Number.isInteger(n) ? n : undefined) : n;
      }
      case 'boolean':
        if (typeof value === 'boolean') return value;
        if (typeof value === 'string' && /^(true|yes|y|1|ja)$/i.test(value.trim())) return true;
        if (typeof value === 'string' && /^(false|no|n|0|nein)$/i.test(value.trim())) return false;
        return undefined;
      case 'array': {
        const items = isObject(s.items) ? s.items : {};
        const list: unknown[] = Array.isArray(value)
          ? value
          : typeof value === 'string'
            ? value
                .split(/\r?\n|;/)
                .map((x) => x.replace(/^\s*[-*•]\s*/, '').trim())
                .filter((x) => x !== '')
            : [value];
        return list.map((v) => this.coerce(items, v, depth + 1)).filter((v) => v !== undefined);
      }
      case 'object':
        return isObject(value) ? this.buildObject(s, (name) => value[name], depth + 1) : undefined;
      case 'null':
        return value === null ? null : undefined;
      default:
        return value;
    }
  }
}
