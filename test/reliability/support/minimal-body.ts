/**
 * The smallest value a JSON schema accepts: required keys only (or the first key when none is required), the first enum value, the first
 * of `anyOf`/`oneOf`, strings of the minimum length (at least one character). The cross-tenant
 * matrix sends it so that a request passes the schema gate and reaches the tenancy check.
 */
import type { JsonSchema } from './openapi-operations.js';

export function minimalValid(schema: JsonSchema): unknown {
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if ('const' in schema) return schema.const;
  if ('default' in schema && schema.default !== undefined) return schema.default;
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const options = schema[key] as JsonSchema[] | undefined;
    if (options && options.length > 0) return minimalValid(options[0]);
  }
  const type = Array.isArray(schema.type) ? (schema.type as string[]).find((t) => t !== 'null') : (schema.type as string | undefined);
  switch (type ?? (schema.properties ? 'object' : undefined)) {
    case 'string':
      return 'x'.repeat(Math.max(1, (schema.minLength as number | undefined) ?? 1));
    case 'integer':
    case 'number':
      return (schema.minimum as number | undefined) ?? 1;
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: (schema.minItems as number | undefined) ?? 0 }, () => minimalValid((schema.items as JsonSchema | undefined) ?? {}));
    case 'object': {
      const properties = (schema.properties as Record<string, JsonSchema> | undefined) ?? {};
      // A PATCH-like body with nothing required still refuses `{}` ("nothing to update"): send its first key.
      const required = (schema.required as string[] | undefined) ?? Object.keys(properties).slice(0, 1);
      return Object.fromEntries(required.map((key) => [key, minimalValid(properties[key] ?? {})]));
    }
    default:
      return null;
  }
}
