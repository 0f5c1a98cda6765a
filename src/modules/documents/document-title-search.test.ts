/**
 * The title search's indexes (migration 0021) on a database that already holds documents: the search indexes are built over
 * them (a search finds them, through the index), and then follow every rename and delete —
 * SQLite's own integrity check compares its external-content tables with the titles.
 */
import { CompiledQuery, type Kysely, sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../../test/support/dialects.js';
import { buildDocument, buildOrg } from '../../../test/support/factories.js';
import { useObservedStore } from '../../../test/support/observed-store.js';
import { migrateToLatest } from '../../storage/migrate.js';
import type { Database } from '../../storage/schema.js';
import { DocumentRepository } from './document.repository.js';
import { titleSearch } from './document-title-search.js';

/** The plan of selecting the documents whose title matches `q`, as one string. */
async function planOf(db: Kysely<Database>, dialect: string, q: string): Promise<string> {
  const { matches } = titleSearch(db, q);
  const query = sql`select documents.id from ${matches.from} where ${matches.found}`.compile(db);
  if (dialect === 'sqlite') {
    const { rows } = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]));
    return rows.map((row) => row.detail).join('\n');
  }
  // A handful of rows: the planner would rightly read them all; asked not to, it shows the index it has.
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]));
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

describeEachDialect('migration 0021-document-title-search', (dialect) => {
  const h = useObservedStore(dialect, 'm0021', { upTo: '0020-extracted-items-document-order' });
  const search = async (orgId: string, q: string) =>
    (await new DocumentRepository(h.store.db).listPage(orgId, false, { limit: 50 }, { titleSearch: q })).items.map((d) => d.title);
  let acme: string;
  let globex: string;

  beforeAll(async () => {
    acme = (await buildOrg(h.store.db)).id;
    globex = (await buildOrg(h.store.db)).id;
    for (const title of ['Kestrel survey', 'Annual vendor review']) await buildDocument(h.store.db, { orgId: acme, title });
    await buildDocument(h.store.db, { orgId: globex, title: 'Kestrel at globex' });
    await migrateToLatest(h.store.db, h.store.schema);
  });

  it("finds the documents that were there before, by part of a title and by a word's start, in their organization only", async () => {
    expect(await search(acme, 'estre')).toEqual(['Kestrel survey']);
    expect(await search(acme, 've')).toEqual(['Annual vendor review']);
    expect(await search(globex, 'kestrel')).toEqual(['Kestrel at globex']);
  });

  it('answers through the title indexes', async () => {
    const trigrams = await planOf(h.store.db, dialect, 'estre');
    const words = await planOf(h.store.db, dialect, 've');
    expect(trigrams).toContain(dialect === 'sqlite' ? 'documents_title_trigrams VIRTUAL TABLE' : 'documents_title_trigram_idx');
    expect(words).toContain(dialect === 'sqlite' ? 'documents_title_words VIRTUAL TABLE' : 'documents_title_words_idx');
  });

  it('keeps the indexes equal to the titles through renames and deletes', async () => {
    const repository = new DocumentRepository(h.store.db);
    const document = await buildDocument(h.store.db, { orgId: acme, title: 'Osprey plan' });
    await repository.update(acme, document.id, { title: 'Heron plan', updatedAt: new Date().toISOString() });
    expect(await search(acme, 'osprey')).toEqual([]);
    expect(await search(acme, 'he')).toEqual(['Heron plan']);
    expect(await repository.delete(acme, document.id)).toBe(true);
    expect(await search(acme, 'heron')).toEqual([]);
  });

  it.runIf(dialect === 'sqlite')('SQLite: the external-content tables hold exactly the titles of the documents table', async () => {
    // FTS5's integrity check against the content table: SQLITE_CORRUPT_VTAB when a row differs.
    const check = (table: string) => sql`insert into ${sql.table(table)}(${sql.ref(table)}, rank) values ('integrity-check', 1)`.execute(h.store.db);
    await expect(check('documents_title_trigrams')).resolves.toBeDefined();
    await expect(check('documents_title_words')).resolves.toBeDefined();
  });
});
