import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.js';
import type { Database } from '../schema.js';

/**
 * Indexes for searching documents by title (`GET /v1/documents?q=`, issue #29), built over the
 * rows already there (docs/adr/0251-document-title-search.md says what matches and how it ranks).
 * Without them every search read every title of the organization with `like '%q%'`: ~87 ms of
 * CPU per request at 100k documents on SQLite, a parallel sequential scan on PostgreSQL.
 *
 * - A search of three characters or more is a substring: a trigram index answers it (SQLite:
 *   an FTS5 table with the trigram tokenizer; PostgreSQL: a pg_trgm GIN index on `lower(title)`).
 * - A shorter one matches the start of a title word, which a trigram cannot: a word index with
 *   prefixes (SQLite: FTS5 unicode61 with 1- and 2-character prefix indexes; PostgreSQL: a GIN
 *   index on the `simple` text-search vector, queried with `:*`).
 *
 * SQLite's FTS tables are external-content tables over `documents` (they keep no copy of the
 * title), keyed by its rowid and kept by triggers, so no writer can forget them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db as Kysely<Database>) === 'postgres') return upPostgres(db);
  await sql`create virtual table documents_title_trigrams using fts5(title, content='documents', tokenize='trigram')`.execute(db);
  // No diacritic folding, as the trigram table and PostgreSQL: "e" does not find "é" anywhere.
  await sql`create virtual table documents_title_words using fts5(title, content='documents', tokenize='unicode61 remove_diacritics 0', prefix='1 2')`.execute(
    db,
  );
  await sql`create trigger documents_title_search_insert after insert on documents begin
    insert into documents_title_trigrams(rowid, title) values (new.rowid, new.title);
    insert into documents_title_words(rowid, title) values (new.rowid, new.title);
  end`.execute(db);
  await sql`create trigger documents_title_search_delete after delete on documents begin
    insert into documents_title_trigrams(documents_title_trigrams, rowid, title) values ('delete', old.rowid, old.title);
    insert into documents_title_words(documents_title_words, rowid, title) values ('delete', old.rowid, old.title);
  end`.execute(db);
  await sql`create trigger documents_title_search_update after update of title on documents begin
    insert into documents_title_trigrams(documents_title_trigrams, rowid, title) values ('delete', old.rowid, old.title);
    insert into documents_title_words(documents_title_words, rowid, title) values ('delete', old.rowid, old.title);
    insert into documents_title_trigrams(rowid, title) values (new.rowid, new.title);
    insert into documents_title_words(rowid, title) values (new.rowid, new.title);
  end`.execute(db);
  // The back-fill: both tables read every existing title.
  await sql`insert into documents_title_trigrams(documents_title_trigrams) values ('rebuild')`.execute(db);
  await sql`insert into documents_title_words(documents_title_words) values ('rebuild')`.execute(db);
}

/**
 * pg_trgm is one per database (and trusted: a user who may create in the database may install
 * it). An existing installation is used wherever it lives; a new one goes to `public`, never to
 * a deployment's own schema, whose drop would take every other schema's trigram indexes with it.
 * The advisory lock keeps two deployments migrating at once from both creating it.
 */
async function upPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('quire:create-extension-pg_trgm'))`.execute(db);
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  const { rows } = await sql<{
    schema: string;
  }>`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  const operators = sql`${sql.id(rows[0].schema)}.gin_trgm_ops`;
  // fastupdate off: a new title goes into the index at once, not into GIN's pending list, which
  // every search would read in full until a vacuum flushed it (10k new documents so kept the
  // planner off the index: a 20 ms scan per keystroke). Titles are short; creating one costs little more.
  await sql`create index documents_title_trigram_idx on documents using gin (lower(title) ${operators}) with (fastupdate = off)`.execute(db);
  await sql`create index documents_title_words_idx on documents using gin (to_tsvector('simple'::regconfig, title)) with (fastupdate = off)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db as Kysely<Database>) === 'postgres') {
    await sql`drop index documents_title_words_idx`.execute(db);
    await sql`drop index documents_title_trigram_idx`.execute(db);
    return;
  }
  for (const trigger of ['documents_title_search_update', 'documents_title_search_delete', 'documents_title_search_insert'])
    await sql`drop trigger ${sql.id(trigger)}`.execute(db);
  await sql`drop table documents_title_words`.execute(db);
  await sql`drop table documents_title_trigrams`.execute(db);
}
