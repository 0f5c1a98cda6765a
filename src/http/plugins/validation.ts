/**
 * Request validation with Ajv, configured for the contract:
 * - bodies are NOT type-coerced: `null` must stay `null` ("null clears") and `12` is not a title;
 * - query strings, path parameters and headers ARE coerced (`?dry_run=true` is a boolean);
 * - every named component schema is known to both instances, so `{$ref: 'Name'}` resolves;
 * - a body schema (or part) marked `x-checked-by-use-case` is checked only for its `type`: the
 *   use case reports a bad value with its own readable 422 (see `CheckedByUseCase`).
 * Each validator is compiled on its first use, not at start-up (see `compiledOnFirstUse`).
 */
import { Ajv, type Options, type ValidateFunction } from 'ajv';
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

type Validate = ValidateFunction & ((data: unknown, dataCxt?: unknown) => boolean | Promise<unknown>);

/**
 * A validator that compiles itself on its first call. Fastify compiles every route's body,
 * query, params and headers validators when the app becomes ready: with the typed contract
 * that was about a second of start-up CPU (Ajv code generation), mostly for routes a process
 * may not serve for a long while. Compiling on first use moves each cost to the first request
 * that needs it, once per process. It keeps what Fastify reads of an Ajv validator: `errors`
 * after a failed call, and `schemaEnv`, which makes Fastify pass the parent data so Ajv may
 * replace a coerced root value.
 */
export function compiledOnFirstUse(compile: () => ValidateFunction): Validate {
  let compiled: ValidateFunction | undefined;
  const validate = ((data: unknown, dataCxt?: unknown) => {
    compiled ??= compile();
    const result = (compiled as Validate)(data, dataCxt);
    validate.errors = compiled.errors;
    return result;
  }) as Validate;
  validate.errors = null;
  // Truthy, as on the compiled function: Fastify then passes `{parentData, parentDataProperty}`.
  (validate as { schemaEnv: unknown }).schemaEnv = true;
  return validate;
}

/** Installs the two validators on the Fastify instance. */
export function installValidation(app: FastifyInstance, schemas: NamedSchema[]): void {
  // Built with the first validator compiled: adding the named schemas (resolving their refs)
  // was itself about half a second of start-up.
  let bodyAjv: Ajv | undefined;
  let paramAjv: Ajv | undefined;
  app.setValidatorCompiler(({ schema, httpPart }) => {
    if (httpPart === 'body') {
      return compiledOnFirstUse(() => {
        bodyAjv ??= createAjv({ coerceTypes: false }, schemas, withoutUseCaseChecks);
        return bodyAjv.compile(withoutUseCaseChecks(schema as FastifySchema & object));
      });
    }
    return compiledOnFirstUse(() => {
      paramAjv ??= createAjv({ coerceTypes: 'array' }, schemas);
      return paramAjv.compile(schema as FastifySchema & object);
    });
  });
}
