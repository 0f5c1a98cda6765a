/**
 * Request validation with Ajv, configured for the contract:
 * - bodies are NOT type-coerced: `null` must stay `null` ("null clears") and `12` is not a title;
 * - query strings, path parameters and headers ARE coerced (`?dry_run=true` is a boolean);
 * - every named component schema is known to both instances, so `{$ref: 'Name'}` resolves.
 */
import { Ajv, type Options } from 'ajv';
import type { FastifyInstance, FastifySchema } from 'fastify';

type NamedSchema = { $id?: string } & Record<string, unknown>;

function createAjv(options: Options, schemas: NamedSchema[]): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false, useDefaults: true, removeAdditional: false, ...options });
  for (const schema of schemas) ajv.addSchema(schema);
  return ajv;
}

/** Installs the two validators on the Fastify instance. */
export function installValidation(app: FastifyInstance, schemas: NamedSchema[]): void {
  const bodyAjv = createAjv({ coerceTypes: false }, schemas);
  const paramAjv = createAjv({ coerceTypes: 'array' }, schemas);
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? bodyAjv : paramAjv;
    return ajv.compile(schema as FastifySchema & object);
  });
}
