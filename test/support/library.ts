/** Helpers of the library e2e tests: row counts of the library tables, quick creators. */
import { expect } from 'vitest';
import type { Api } from './api.js';
import type { TestServer } from './test-server.js';

const LIBRARY_TABLES = ['texts', 'snippets', 'snippet_items', 'document_snippets', 'risk_blocks', 'voices'] as const;

/** Row counts of the library tables: proof that a refused request changed nothing. */
export async function countLibraryRows(server: TestServer): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of LIBRARY_TABLES) {
    const row = await server.store.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    counts[table] = Number(row?.n ?? 0);
  }
  return counts;
}

/** POSTs and expects 201; returns the created record. */
export async function created(api: Api, path: string, body: unknown) {
  const response = await api.post(path, body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

let sequence = 0;
/** A key no other test of the run uses. */
export function uniqueKey(prefix: string): string {
  sequence += 1;
  return `${prefix}_${sequence}_${Date.now().toString(36)}`;
}
