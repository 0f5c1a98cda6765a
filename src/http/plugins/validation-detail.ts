/**
 * Ajv errors → FastAPI's `[{loc, msg, type}]`. One entry per failing location: the branch
 * errors Ajv reports for a nullable union (`must be null`, `must be string`, `must match a
 * schema in anyOf`) collapse into one readable entry.
 */
import type { FastifySchemaValidationError } from 'fastify';
import { LIMITS, excerpt } from '../../kernel/limits.js';

export interface ValidationDetail {
  loc: Array<string | number>;
  msg: string;
  type: string;
  ctx?: Record<string, unknown>;
}

const PART_NAMES: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' };

function pathSegments(instancePath: string): Array<string | number> {
  if (!instancePath) return [];
  return instancePath
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

function describe(error: FastifySchemaValidationError): { extra: string[]; msg: string; type: string } {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { extra: [String(params.missingProperty)], msg: 'Field required', type: 'missing' };
    case 'additionalProperties':
      return { extra: [String(params.additionalProperty)], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' };
    case 'type':
      return { extra: [], msg: `Input should be of type ${String(params.type)}`, type: `${String(params.type)}_type` };
    case 'minLength':
      return { extra: [], msg: `String should have at least ${String(params.limit)} character(s)`, type: 'string_too_short' };
    case 'maxLength':
      return { extra: [], msg: `String should have at most ${String(params.limit)} character(s)`, type: 'string_too_long' };
    case 'maxProperties':
      return { extra: [], msg: `Object should have at most ${String(params.limit)} keys (a documented limit)`, type: 'too_many_keys' };
    case 'maxItems':
      return { extra: [], msg: `List should have at most ${String(params.limit)} items (a documented limit)`, type: 'too_long' };
    case 'propertyNames':
      return { extra: [excerpt(String(params.propertyName))], msg: 'Key is not allowed (too long or malformed)', type: 'key_invalid' };
    case 'enum':
    case 'const':
      return { extra: [], msg: `Input should be one of ${JSON.stringify(params.allowedValues ?? params.allowedValue)}`, type: 'enum' };
    default:
      return { extra: [], msg: excerpt(error.message ?? 'Invalid input', LIMITS.echoedValueChars * 4), type: error.keyword };
  }
}

/**
 * Any error detail string, bounded: a message that quotes what the client sent may never grow
 * with it (a 4 MB value once came back as a 4 MB error). Commands quote with `excerpt`; this is
 * the net behind them, applied to every string detail the error mapper sends.
 */
export function boundedDetail(message: string): string {
  return excerpt(message, LIMITS.detailChars);
}

/** Converts Fastify's validation errors for one request part into the detail array. */
export function toValidationDetail(errors: FastifySchemaValidationError[], context: string | undefined): ValidationDetail[] {
  const part = PART_NAMES[context ?? 'body'] ?? context ?? 'body';
  const byLocation = new Map<string, { loc: Array<string | number>; items: Array<{ msg: string; type: string; keyword: string }> }>();
  for (const error of errors) {
    const { extra, msg, type } = describe(error);
    const loc = [part, ...pathSegments(error.instancePath), ...extra];
    const key = JSON.stringify(loc);
    const entry = byLocation.get(key) ?? { loc, items: [] };
    entry.items.push({ msg, type, keyword: error.keyword });
    byLocation.set(key, entry);
  }
  return [...byLocation.values()].map(({ loc, items }) => {
    // A union branch of the right type that broke a constraint (a string over its maxLength) is
    // the error to report, not "should be of type number or boolean" from the other branches.
    const constraint = items.find((i) => i.keyword !== 'anyOf' && i.keyword !== 'type');
    if (items.some((i) => i.keyword === 'anyOf') && constraint) return { loc, msg: constraint.msg, type: constraint.type };
    const typeErrors = items.filter((i) => i.keyword === 'type');
    if (items.some((i) => i.keyword === 'anyOf') && typeErrors.length > 0) {
      const expected = typeErrors.map((i) => i.type.replace(/_type$/, ''));
      const main = typeErrors.find((i) => i.type !== 'null_type') ?? typeErrors[0];
      return { loc, msg: `Input should be of type ${expected.join(' or ')}`, type: main.type };
    }
    const specific = items.find((i) => i.keyword !== 'anyOf') ?? items[0];
    return { loc, msg: specific.msg, type: specific.type };
  });
}
