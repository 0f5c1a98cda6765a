/**
 * The store's own tables, by name: on SQLite every table of the file; on PostgreSQL only those of
 * the server's schema. Kysely's introspection reads every schema of the database and then their
 * columns, so a test file running beside others fails when another file drops its schema between
 * the two reads ("schema … does not exist"); this asks for the one schema only.
 */
import { sql } from 'kysely';
import type { TestServer } from './test-server.js';

export async function storeTableNames(server: TestServer): Promise<string[]> {
  const db = server.store.db;
  if (server.schema === undefined) return (await db.introspection.getTables()).filter((t) => !t.isView).map((t) => t.name);
  const rows = await sql<{
    name: string;
  }>`select table_name as name from information_schema.tables where table_schema = ${server.schema} and table_type = 'BASE TABLE'`.execute(db);
  return rows.rows.map((r) => r.name);
}
