/**
 * Request validation with Ajv, configured for the contract:
 * - bodies are NOT type-coerced: `null` must stay `null` ("null clears") and `12` is not a title;
 * - query strings, path parameters and headers ARE coerced (`?dry_run=true` is a boolean);
 * - every named component schema is known to both instances, so `{$ref: 'Name'}` resolves;
 * - a body schema (or part) marked `x-checked-by-use-case` is checked only for its `type`: the
 *   use case reports a bad value with its own readable 422 (see `CheckedByUseCase`).
 */
import { Ajv, type Options } from 'ajv';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { CHECKED_BY_USE_CASE } from '../../kernel/schema.js';

type NamedSchema = { $id?: string } & Record<string, unknown>;

/** A copy of `schema` where every part the use case checks keeps only its `type` (and `default`, and the `$id` a `$ref` finds it by). */
export function withoutUseCaseChecks<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(withoutUseCaseChecks) as T;
  if (typeof schema !== 'object' || schema === null) return schema;
  const node = schema as Record<string, unknown>;
  if (node[CHECKED_BY_USE_CASE] === true) {
    const kept = Object.entries(node).filter(([key]) => key === 'type' || key === 'default' || key === '$id');
    return Object.fromEntries(kept) as T;
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, withoutUseCaseChecks(value)])) as T;
}

function createAjv(options: Options, schemas: NamedSchema[], prepare: (schema: NamedSchema) => NamedSchema = (s) => s): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false, useDefaults: true, removeAdditional: false, ...options });
  for (const schema of schemas) ajv.addSchema(prepare(schema));
  return ajv;
}

/** Installs the two validators on the Fastify instance. */
export function installValidation(app: FastifyInstance, schemas: NamedSchema[]): void {
  const bodyAjv = createAjv({ coerceTypes: false }, schemas, withoutUseCaseChecks);
  const paramAjv = createAjv({ coerceTypes: 'array' }, schemas);
  app.setValidatorCompiler(({ schema, httpPart }) => {
    if (httpPart === 'body') return bodyAjv.compile(withoutUseCaseChecks(schema as FastifySchema & object));
    return paramAjv.compile(schema as FastifySchema & object);
  });
}
