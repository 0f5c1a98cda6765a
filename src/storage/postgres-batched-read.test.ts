/**
 * Reads of one shape waiting at the same moment go to PostgreSQL as one statement; each read gets
 * its own rows; none is answered by a statement sent before it was asked; a failed batch fails
 * its reads only; SQLite and transaction handles read alone.
 */
import { describe, expect, it } from 'vitest';
import { POSTGRES_URL } from '../../test/support/dialects.js';
import { buildDocument, buildOrg } from '../../test/support/factories.js';
import { useObservedStore } from '../../test/support/observed-store.js';
import { batchedPostgresRead } from './postgres-batched-read.js';

const suite = POSTGRES_URL ? describe : describe.skip;

const titles = batchedPostgresRead<{ org_id: string; id: string; title: string }>(
  `select documents.org_id, documents.id, documents.title
   from unnest($1::text[], $2::text[]) as wanted(org_id, id)
   join documents on documents.org_id = wanted.org_id and documents.id = wanted.id`,
  ['org_id', 'id'],
);
/** Sleeps `pause` seconds per key before answering (a statement's snapshot is taken when it starts). */
const slowTitles = batchedPostgresRead<{ id: string; pause: string; title: string }>(
  `select wanted.id, wanted.pause, documents.title, (select 1 from pg_sleep(wanted.pause::float)) as slept
   from unnest($1::text[], $2::text[]) as wanted(id, pause)
   join documents on documents.id = wanted.id`,
  ['id', 'pause'],
);
/** Fails for any key whose id is 'fail' (a division by zero in that row). */
const failing = batchedPostgresRead<{ id: string; n: number }>(`select id, 1 / (case when id = 'fail' then 0 else 1 end) as n from unnest($1::text[]) as wanted(id)`, ['id']);

suite('reads batched on PostgreSQL [postgres]', () => {
  const postgres = useObservedStore('postgres', 'batched');

  it('answers thirty reads asked at once with fewer statements, each with its own rows (once, however often its key was asked), another organization\'s key with none', async () => {
    const [acme, globex] = [await buildOrg(postgres.store.db), await buildOrg(postgres.store.db)];
    const documents = [];
    for (let n = 0; n < 10; n += 1) documents.push(await buildDocument(postgres.store.db, { orgId: acme.id, title: `Document ${n}` }));
    postgres.queries.length = 0;
    // Each document asked twice (as GETs of one document wait together), and by another organization.
    const reads = documents.flatMap((d) => [titles(postgres.store.db, [acme.id, d.id]), titles(postgres.store.db, [globex.id, d.id]), titles(postgres.store.db, [acme.id, d.id])]);
    const answers = await Promise.all(reads);
    expect(answers).toEqual(documents.flatMap((d) => [[{ org_id: acme.id, id: d.id, title: d.title }], [], [{ org_id: acme.id, id: d.id, title: d.title }]]));
    // Two leave at once, alone; the other twenty-eight wait for one of them and leave together.
    expect(postgres.queries.length).toBeLessThan(5);
  });

  it('never answers a read with a statement sent before it was asked: a write committed meanwhile is seen', async () => {
    const org = await buildOrg(postgres.store.db);
    const document = await buildDocument(postgres.store.db, { orgId: org.id, title: 'Before' });
    // Two slow reads under way (the most at once): their statements took their snapshot first.
    const early = [slowTitles(postgres.store.db, [document.id, '0.4']), slowTitles(postgres.store.db, [document.id, '0.4'])];
    await new Promise((resolve) => setTimeout(resolve, 100));
    await postgres.store.db.updateTable('documents').set({ title: 'After' }).where('id', '=', document.id).execute();
    // Asked after the write committed, while both are still under way: it waits for the next statement.
    const late = slowTitles(postgres.store.db, [document.id, '0']);
    expect((await Promise.all(early)).map((rows) => rows?.[0]?.title)).toEqual(['Before', 'Before']);
    expect((await late)?.[0]?.title).toBe('After');
  });

  it('fails the reads of a failed statement only; reads after it are answered', async () => {
    const first = failing(postgres.store.db, ['ok']);
    const second = failing(postgres.store.db, ['ok']);
    // These two wait together for one of the two above, and fail together.
    const batched = Promise.allSettled([failing(postgres.store.db, ['fail']), failing(postgres.store.db, ['ok'])]);
    expect(await first).toEqual([{ id: 'ok', n: 1 }]);
    expect(await second).toEqual([{ id: 'ok', n: 1 }]);
    const settled = await batched;
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected']);
    expect(await failing(postgres.store.db, ['ok'])).toEqual([{ id: 'ok', n: 1 }]);
  });

  it('leaves a transaction handle to read alone (undefined): a transaction must see its own writes', async () => {
    const outcome = await postgres.store.db.transaction().execute(async (trx) => titles(trx, ['org', 'id']));
    expect(outcome).toBeUndefined();
  });
});

describe('reads batched, on SQLite', () => {
  const sqlite = useObservedStore('sqlite', 'batched');

  it('are not batched: the caller reads alone (undefined)', () => {
    expect(titles(sqlite.store.db, ['org', 'id'])).toBeUndefined();
  });
});
