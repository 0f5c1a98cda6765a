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

/**
 * Runs a suite on SQLite only: for suites whose behaviour does not depend on the database —
 * rendering and conversion (LibreOffice, poppler, pandoc), file checks, HTTP validation and
 * headers, sandbox budgets, wording. Their second dialect ran the same repository queries that
 * the suites kept on both dialects (queries, migrations, concurrency, tenancy, JSON round trips)
 * already run, at twice the cost (ADR 0741). The same signature as `describeEachDialect`, so a
 * suite whose behaviour comes to depend on the database goes back by renaming one call.
 */
export function describeOneDialect(name: string, fn: (dialect: DialectName) => void): void {
  describe(`${name} [sqlite]`, () => fn('sqlite'));
}
