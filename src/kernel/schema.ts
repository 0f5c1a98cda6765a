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
 * place. On a response read from rows typed `string`, or a body value the use case checks, call it
 * as `StringEnum<readonly string[]>(…)`: the contract still lists the set, the server-side type
 * stays `string` (honest: nothing narrowed it).
 */
export function StringEnum<const T extends readonly string[]>(values: T, options: Record<string, unknown> = {}) {
  if (values.length === 0) throw new Error('StringEnum() needs at least one value');
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

/** An open JSON object: the contract leaves most response shapes open. */
export function OpenObject(options: Record<string, unknown> = {}) {
  return Type.Object({}, { additionalProperties: true, ...options });
}

/**
 * Marks a request-body schema (or one of its values) that the use case checks itself: the
 * contract shows the whole schema, but the body validator keeps only its `type`, so the use case
 * answers a bad value with its own readable 422 string (`status must be one of draft,
 * approved`) or report (a template spec's every error with its path) instead of Ajv's array.
 */
export const CHECKED_BY_USE_CASE = 'x-checked-by-use-case';

/** `schema` marked {@link CHECKED_BY_USE_CASE}. */
export function CheckedByUseCase<T extends TSchema>(schema: T): T {
  return { ...schema, [CHECKED_BY_USE_CASE]: true };
}

/**
 * The structured `detail` of a conflict that a client can act on without parsing words: a
 * generate blocked by hand-edited sections, a rerun blocked by human corrections. Open, so a
 * new kind of conflict adds keys without breaking a generated client.
 */
export const ConflictDetail = Type.Object(
  {
    blockedEdited: Type.Optional(Type.Boolean({ description: 'generate: hand-edited sections block it (resend with `force`)' })),
    editedSectionTitles: Type.Optional(Type.Array(Type.String(), { description: 'generate: the hand-edited sections' })),
    blocked_human_work: Type.Optional(Type.Boolean({ description: 'rerun: human corrections or validations block it' })),
    corrected_item_ids: Type.Optional(Type.Array(Type.String())),
    validated_item_ids: Type.Optional(Type.Array(Type.String())),
  },
  { $id: 'ConflictDetail', additionalProperties: true, description: 'What blocks the operation, as data' },
);

/** `{detail: string | ConflictDetail}`: a message, or a structured conflict (409) a client can act on. */
export const ErrorResponse = Type.Object(
  {
    detail: Type.Union([Type.String(), Type.Unsafe<Static<typeof ConflictDetail>>({ $ref: 'ConflictDetail' })], {
      description: 'A message string, or a structured object for the conflicts a client can resolve (409)',
    }),
  },
  { $id: 'ErrorResponse', description: 'Error body' },
);

/** `{detail: string}`: a domain error's message (401, 404, 409, 413, a domain rule's 422). */
export const ErrorMessage = Type.Object(
  { detail: Type.String({ description: 'what went wrong, in words a person can act on' }) },
  { $id: 'ErrorMessage', description: 'Error body with a message' },
);

const ERROR_DESCRIPTIONS = {
  401: 'Missing, invalid or expired bearer token',
  403: "The caller's role in the organization does not allow this; `detail` names the role needed",
  404: "Not found in the active organization (another organization's id gives 404 too), or `X-Org-Slug` names an organization the caller is not in (`organization not found`)",
  409: 'Conflict with the current state (for example a key or name already taken)',
  413: 'Payload too large',
  422: 'Validation error: `{detail: [{loc, msg, type}]}` for a body that does not match its schema, `{detail: "<message>"}` for a domain rule',
  502: 'A service this operation depends on failed (a model provider, a tool server, the PDF converter)',
  503: 'The capability is not enabled on this installation, or saturated, or the database is unavailable (restarting); `detail` says which and how to enable it, `Retry-After` (when present) how many seconds to wait',
  429: 'Too many requests from this user (or, without a token, this IP address); `Retry-After` says how many seconds to wait',
} as const;

/** The documented response of one error status (shared by routes and the auth scope). */
export function errorResponse(status: keyof typeof ERROR_DESCRIPTIONS): Record<string, unknown> {
  const description = ERROR_DESCRIPTIONS[status];
  if (status === 422) return { description, oneOf: [{ $ref: 'ErrorMessage' }, { $ref: 'HTTPValidationError' }] };
  // A conflict may carry a structured detail (the assessment area's, for one).
  if (status === 409) return { $ref: 'ErrorResponse', description };
  return { $ref: 'ErrorMessage', description };
}

/**
 * Documented error responses of a route, per status: `{detail: string}` for 404/409/413, and
 * 422 as `oneOf` a string detail (a domain rule) and FastAPI's `HTTPValidationError` (a body
 * that does not match its schema). 401 and the `organization not found` 404 are added to every
 * authenticated operation by the auth scope.
 */
export function errorResponses(...statuses: Array<404 | 409 | 413 | 422 | 502 | 503>) {
  const responses: Record<number, unknown> = {};
  for (const status of statuses) responses[status] = errorResponse(status);
  return responses;
}
