/**
 * Pure checks of an OpenAPI document's quality (issue #12): which JSON operations answer an open
 * object, which closed sets are one `enum`, and which are still an `anyOf` of single values.
 * Read by scripts/contract-quality.ts (CI) and by the contract e2e test.
 */

type Json = Record<string, unknown>;
export type OpenApiDocument = { paths?: Record<string, Record<string, Json>>; components?: { schemas?: Record<string, Json> } } & Json;

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);

/** The assessment area's tags (its operations carry one of them). */
export const ASSESSMENT_AREA_TAG_NAMES = new Set(['assessments', 'source documents', 'extracted items', 'corrections', 'processors', 'batches', 'exporters']);

export interface Operation {
  method: string;
  path: string;
  op: Json;
}

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) if (METHODS.has(method)) out.push({ method: method.toUpperCase(), path, op });
  }
  return out;
}

export function isAssessmentArea(operation: Operation): boolean {
  const tags = (operation.op.tags as string[] | undefined) ?? [];
  return !operation.path.startsWith('/v1/') && tags.some((t) => ASSESSMENT_AREA_TAG_NAMES.has(t));
}

function resolve(doc: OpenApiDocument, schema: Json): Json {
  const ref = schema.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/components/schemas/')) return schema;
  return doc.components?.schemas?.[ref.slice('#/components/schemas/'.length)] ?? schema;
}

/**
 * An object schema that says nothing about its keys: no properties, no pattern, no union. A
 * schema with no `type` at all is free JSON (see isFreeJson), allowed where the data truly is.
 */
export function isOpenObject(doc: OpenApiDocument, schema: Json): boolean {
  const s = resolve(doc, schema);
  if (s.type !== 'object' && !(s.type === undefined && ('properties' in s || 'additionalProperties' in s))) return false;
  if (s.properties && Object.keys(s.properties as Json).length > 0) return false;
  if (s.patternProperties || s.anyOf || s.oneOf || s.allOf || s.items || s.enum || s.const !== undefined) return false;
  const extra = s.additionalProperties;
  return extra === undefined || extra === true || (typeof extra === 'object' && extra !== null && Object.keys(extra).length === 0);
}

/** Any JSON at all: no type, no reference, no union (an exporter's body, a stored rule). */
export function isFreeJson(doc: OpenApiDocument, schema: Json): boolean {
  const s = resolve(doc, schema);
  return ['type', '$ref', 'anyOf', 'oneOf', 'allOf', 'enum', 'const', 'properties'].every((k) => !(k in s));
}

/** The JSON schemas of an operation's 2xx answers, by status. */
export function successJsonSchemas(operation: Operation): Array<{ status: string; schema: Json }> {
  const out: Array<{ status: string; schema: Json }> = [];
  for (const [status, response] of Object.entries((operation.op.responses as Json | undefined) ?? {})) {
    if (!status.startsWith('2')) continue;
    const schema = ((response as Json).content as Record<string, { schema?: Json }> | undefined)?.['application/json']?.schema;
    if (schema) out.push({ status, schema });
  }
  return out;
}

/** Every `enum` of more than one value, and every `anyOf`/`oneOf` made only of single values, with where it is. */
export function closedSets(
  value: unknown,
  where = '#',
): { enums: Array<{ where: string; values: unknown[] }>; singleValueUnions: Array<{ where: string; values: unknown[] }> } {
  const enums: Array<{ where: string; values: unknown[] }> = [];
  const singleValueUnions: Array<{ where: string; values: unknown[] }> = [];
  const walk = (node: unknown, at: string): void => {
    if (Array.isArray(node)) {
      node.forEach((child, i) => walk(child, `${at}/${i}`));
      return;
    }
    if (!node || typeof node !== 'object') return;
    const o = node as Json;
    if (Array.isArray(o.enum) && o.enum.length > 1) enums.push({ where: at, values: o.enum });
    for (const key of ['anyOf', 'oneOf'] as const) {
      const branches = o[key];
      if (!Array.isArray(branches) || branches.length < 2) continue;
      const single = branches.map((b) => (b && typeof b === 'object' ? ((b as Json).const !== undefined ? [(b as Json).const] : (b as Json).enum) : undefined));
      if (single.every((v) => Array.isArray(v) && v.length === 1))
        singleValueUnions.push({ where: `${at}/${key}`, values: single.map((v) => (v as unknown[])[0]) });
    }
    for (const [k, child] of Object.entries(o)) walk(child, `${at}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`);
  };
  walk(value, where);
  return { enums, singleValueUnions };
}
