/**
 * A query compiled once per dialect answers each call with that call's values (never the first
 * call's), keeps the constants the builder wrote, and is the same SQL text every time (so
 * SQLite's statement cache and PostgreSQL's plan see one statement).
 */
import { expect, it } from 'vitest';
import { useDbHarness } from '../../test/support/db-harness.js';
import { describeEachDialect } from '../../test/support/dialects.js';
import { buildDocument, buildOrg, buildTemplate } from '../../test/support/factories.js';
import { toDbBool } from './dialect.js';
import { reusableQuery } from './reusable-query.js';

describeEachDialect('reusableQuery', (dialect) => {
  const h = useDbHarness(dialect);
  let builds = 0;
  const instancesOf = reusableQuery(['orgId', 'title'], (db, { orgId, title }) => {
    builds += 1;
    return db.selectFrom('documents').select(['id', 'title']).where('org_id', '=', orgId).where('title', '=', title).where('is_template', '=', toDbBool(false)).orderBy('id');
  });

  it('binds each call\'s values, keeps the builder\'s constants, and builds once', async () => {
    const acme = await buildOrg(h.db);
    const globex = await buildOrg(h.db);
    const letter = await buildDocument(h.db, { orgId: acme.id, title: 'Letter' });
    const memo = await buildDocument(h.db, { orgId: acme.id, title: 'Memo' });
    const globexLetter = await buildDocument(h.db, { orgId: globex.id, title: 'Letter' });
    await buildTemplate(h.db, { orgId: acme.id, title: 'Letter' });

    expect(await instancesOf(h.db, { orgId: acme.id, title: 'Letter' })).toEqual([{ id: letter.id, title: 'Letter' }]);
    expect(await instancesOf(h.db, { orgId: acme.id, title: 'Memo' })).toEqual([{ id: memo.id, title: 'Memo' }]);
    expect(await instancesOf(h.db, { orgId: globex.id, title: 'Letter' })).toEqual([{ id: globexLetter.id, title: 'Letter' }]);
    expect(await instancesOf(h.db, { orgId: globex.id, title: 'Memo' })).toEqual([]);
    expect(builds).toBe(1);
  });

  it('runs inside a transaction, seeing its uncommitted rows', async () => {
    const org = await buildOrg(h.db);
    const seen = await h.db.transaction().execute(async (trx) => {
      const draft = await buildDocument(trx, { orgId: org.id, title: 'Draft' });
      return { draft, rows: await instancesOf(trx, { orgId: org.id, title: 'Draft' }) };
    });
    expect(seen.rows).toEqual([{ id: seen.draft.id, title: 'Draft' }]);
  });
});
