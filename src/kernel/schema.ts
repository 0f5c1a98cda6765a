/**
 * TypeBox helpers shared by every module's wire schemas.
 */
import { type Static, type TSchema, Type } from 'typebox';

/**
 * `T | null`, with `null` listed FIRST: Ajv tries union branches in order, and a string branch
 * tried first would coerce `null` to `""`, breaking "null clears".
 */
export function Nullable<T extends TSchema>(schema: T, options: Record<string, unknown> = {}) {
  return Type.Union([Type.Null(), schema], options);
}

/** A reference to a named component schema (`{$ref: 'Name'}`) that keeps the static type. */
export function Ref<T extends TSchema & { $id?: string }>(schema: T) {
  if (!schema.$id) throw new Error('Ref() needs a schema with an $id');
  return Type.Unsafe<Static<T>>({ $ref: schema.$id });
}

/**
 * A closed set of strings as ONE `{type: 'string', enum: [...]}` (not an `anyOf` of single-value
 * literals): generated clients get a union type and Ajv's error names the whole set. Pass the
 * exported `as const` array that the domain code also validates against, so the set lives in one
 * place.
 */
export function StringEnum<const T extends readonly string[]>(values: T, options: Record<string, unknown> = {}) {
  if (values.length === 0) throw new Error('StringEnum() needs at least one value');
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

/** An open JSON object: the contract leaves most response shapes open. */
export function OpenObject(options: Record<string, unknown> = {}) {
  return Type.Object({}, { additionalProperties: true, ...options });
}

/** `{detail: string}`, the body of every domain error. */
export const ErrorResponse = Type.Object(
  { detail: Type.Unknown({ description: 'A message string, or a structured object for 409 generate conflicts' }) },
  { $id: 'ErrorResponse', description: 'Error body' },
);

/**
 * Documented error responses of a route: 404/409/413 as `ErrorResponse`, 422 as FastAPI's
 * `HTTPValidationError` (domain 422s carry a string detail under the same status).
 */
export function errorResponses(...statuses: Array<404 | 409 | 413 | 422>) {
  const responses: Record<number, unknown> = {};
  for (const status of statuses) {
    responses[status] =
      status === 422
        ? { $ref: 'HTTPValidationError', description: 'Validation error: an array of {loc, msg, type} for a bad body, a string detail for a domain rule' }
        : { $ref: 'ErrorResponse' };
  }
  return responses;
}
