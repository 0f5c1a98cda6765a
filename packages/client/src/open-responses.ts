/**
 * Readers for the few keys the client uses from responses the contract still types as open
 * objects (issue #12 item 1 types them in parallel). Each reader takes `unknown` and checks at
 * run time, so callers compile without a cast today and still compile once the generated types
 * are precise; a response missing the key is a contract breach and throws ContractMismatch.
 */
import { isRecord } from './errors.js';

export class ContractMismatch extends Error {
  constructor(what: string) {
    super(`the response does not match the contract: ${what}`);
    this.name = 'ContractMismatch';
  }
}

export function objectAt(value: unknown, key: string): Record<string, unknown> {
  const found = isRecord(value) ? value[key] : undefined;
  if (!isRecord(found)) throw new ContractMismatch(`expected an object at "${key}"`);
  return found;
}

export function stringAt(value: unknown, key: string): string {
  const found = isRecord(value) ? value[key] : undefined;
  if (typeof found !== 'string') throw new ContractMismatch(`expected a string at "${key}"`);
  return found;
}

export function optionalStringAt(value: unknown, key: string): string | null {
  const found = isRecord(value) ? value[key] : undefined;
  return typeof found === 'string' ? found : null;
}

export function booleanAt(value: unknown, key: string): boolean {
  const found = isRecord(value) ? value[key] : undefined;
  if (typeof found !== 'boolean') throw new ContractMismatch(`expected a boolean at "${key}"`);
  return found;
}

export function arrayAt(value: unknown, key: string): unknown[] {
  return asArray(isRecord(value) ? value[key] : undefined, key);
}

/** A list answer (bare array today; `what` names it in the error). */
export function asArray(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw new ContractMismatch(`expected an array at "${what}"`);
  return value;
}

export function numberAt(value: unknown, key: string): number {
  const found = isRecord(value) ? value[key] : undefined;
  if (typeof found !== 'number') throw new ContractMismatch(`expected a number at "${key}"`);
  return found;
}
