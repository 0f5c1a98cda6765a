/**
 * On PostgreSQL a query built once (reusableQuery) is parsed once per connection, as a named
 * prepared statement, and keeps answering when another process's migration changes the columns
 * it returns (the prepared plan is refused then, and the text runs unnamed on that connection).
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useDbHarness } from '../../test/support/db-harness.js';
import { POSTGRES_URL } from '../../test/support/dialects.js';
import { buildDocument, buildOrg } from '../../test/support/factories.js';
import { reusableQuery } from './reusable-query.js';

const suite = POSTGRES_URL ? describe : describe.skip;

suite('prepared statements on PostgreSQL [postgres]', () => {
  const h = useDbHarness('postgres');
  const documentsOf = reusableQuery(['orgId'], (db, { orgId }) => db.selectFrom('documents').selectAll('documents').where('org_id', '=', orgId).orderBy('id'));

  it('keeps a reusable query prepared on the connection that ran it, and answers with each call\'s values', async () => {
    const acme = await buildOrg(h.db);
    const globex = await buildOrg(h.db);
    const letter = await buildDocument(h.db, { orgId: acme.id, title: 'Letter' });
    const memo = await buildDocument(h.db, { orgId: globex.id, title: 'Memo' });

    const { prepared, rows } = await h.db.connection().execute(async (connection) => {
      const first = await documentsOf(connection, { orgId: acme.id });
      const second = await documentsOf(connection, { orgId: globex.id });
      const listed = await sql<{ statement: string }>`select statement from pg_prepared_statements where name like 'quire_prepared_%'`.execute(connection);
      return { prepared: listed.rows.map((r) => r.statement), rows: [first, second] };
    });
    expect(rows.map((list) => list.map((d) => d.title))).toEqual([['Letter'], ['Memo']]);
    expect(rows.map((list) => list.map((d) => d.id))).toEqual([[letter.id], [memo.id]]);
    expect(prepared).toHaveLength(1);
    expect(prepared[0]).toContain('from "documents"');
  });

  it('still answers on that connection after a migration elsewhere changes the columns it returns', async () => {
    const org = await buildOrg(h.db);
    const letter = await buildDocument(h.db, { orgId: org.id, title: 'Letter' });

    const after = await h.db.connection().execute(async (connection) => {
      await documentsOf(connection, { orgId: org.id });
      // Another connection of the pool, as another process's migration would.
      await sql`alter table documents add column added_later text`.execute(h.db);
      try {
        return await documentsOf(connection, { orgId: org.id });
      } finally {
        await sql`alter table documents drop column added_later`.execute(h.db);
      }
    });
    expect(after.map((d) => d.id)).toEqual([letter.id]);
    expect(after[0]).toHaveProperty('added_later', null);
  });
});
