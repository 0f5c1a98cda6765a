/**
 * Compiled JSON Schema validators by the schema's text. Every structured model answer is checked
 * against its schema (model-caller.ts), and a run asks with the same few schemas many times (one
 * claim-verdict schema for every section's check, one per data-need kind): compiling each time
 * cost ~20 ms of the event loop per call, which serialized the answers of parallel calls. Each
 * schema keeps its own Ajv instance, so tenant schemas that reuse an `$id` never meet, and the
 * cache is bounded (least recently used goes first).
 */
import { Ajv, type ValidateFunction } from 'ajv';

export const MAX_SCHEMA_VALIDATORS = 200;
const cache = new Map<string, ValidateFunction>();
let compilations = 0;

/** A fresh ajv instance: all errors, unknown keywords/formats tolerated, no logging. */
export function newAjv(): Ajv {
  return new Ajv({ allErrors: true, strict: false, logger: false, validateFormats: false });
}

/** The validator of `schema`, compiled once while cached; throws on an invalid schema (not cached). */
export function validatorFor(schema: object): ValidateFunction {
  const key = JSON.stringify(schema);
  const hit = cache.get(key);
  if (hit) {
    // Most recently used last: Map keeps insertion order.
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  compilations += 1;
  const validate = newAjv().compile(schema);
  cache.set(key, validate);
  if (cache.size > MAX_SCHEMA_VALIDATORS) cache.delete(cache.keys().next().value as string);
  return validate;
}

/** How many schemas this thread has compiled (tests). */
export function schemaCompilations(): number {
  return compilations;
}

/** How many validators this thread keeps (tests). */
export function schemaValidatorCount(): number {
  return cache.size;
}
