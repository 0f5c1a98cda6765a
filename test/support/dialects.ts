/**
 * Runs a suite on every database dialect: SQLite always, PostgreSQL when TEST_POSTGRES_URL is
 * set (CI sets it). Without it the PostgreSQL half is skipped and says so.
 */
import { describe } from 'vitest';
import type { DialectName } from '../../src/storage/dialect.js';

export const POSTGRES_URL = process.env.TEST_POSTGRES_URL;

export function describeEachDialect(name: string, fn: (dialect: DialectName) => void): void {
  describe(`${name} [sqlite]`, () => fn('sqlite'));
  if (POSTGRES_URL) {
    describe(`${name} [postgres]`, () => fn('postgres'));
  } else {
    describe.skip(`${name} [postgres] (skipped: TEST_POSTGRES_URL is not set)`, () => fn('postgres'));
  }
}
