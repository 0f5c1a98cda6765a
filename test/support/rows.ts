/** Row counts straight from the database: proof that a refused request changed nothing. */
import type { TestServer } from './test-server.js';

const TABLES = ['documents', 'document_fields', 'sections', 'section_versions', 'data_needs', 'gathered_values'] as const;

export async function countRows(server: TestServer): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await server.store.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    counts[table] = Number(row?.n ?? 0);
  }
  return counts;
}
