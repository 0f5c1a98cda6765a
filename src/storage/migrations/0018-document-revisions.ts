import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.js';
import type { Database } from '../schema.js';

/**
 * A revision counter per document (issue #17, the warm GET): what `GET /v1/documents/{id}`
 * checks before answering from a process's cache of its serialized detail. It counts every
 * write to the rows the detail is read from — the document itself, its sections, fields, data
 * needs and gathered rows — and it is kept by the DATABASE (triggers), so no writer, in this
 * process or another one, in a use case written later or in a hand-made fix, can forget it.
 *
 * Its own table, not a column of `documents`: on PostgreSQL the count is taken at commit
 * (deferred constraint triggers), so a transaction holds the counter's row lock only while it
 * commits, after every other lock it takes. Parallel section renders then queue on it for the
 * commit only, and no new deadlock appears: a counter on `documents` would be locked by any
 * transaction that updated the document earlier and then waited on a child row another
 * transaction holds while committing. On SQLite (one writer at a time) plain triggers do.
 */

/** The child tables the document detail reads, each with its `document_id`. */
const CHILD_TABLES = ['sections', 'document_fields', 'data_needs', 'gathered_values'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('document_revisions')
    .addColumn('document_id', 'text', (c) => c.primaryKey().references('documents.id').onDelete('cascade'))
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('revision', 'bigint', (c) => c.notNull())
    // PostgreSQL: the transaction that counted last (one count per transaction); unused on SQLite.
    .addColumn('bumped_in', 'text')
    .execute();
  await sql`insert into document_revisions (document_id, org_id, revision) select id, org_id, 1 from documents`.execute(db);
  if (dialectOf(db as Kysely<Database>) === 'postgres') await postgresTriggers(db);
  else await sqliteTriggers(db);
}

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`create trigger documents_revision_insert after insert on documents begin
    insert into document_revisions (document_id, org_id, revision) values (new.id, new.org_id, 1); end`.execute(db);
  await sql`create trigger documents_revision_update after update on documents begin
    update document_revisions set revision = revision + 1 where document_id = new.id; end`.execute(db);
  for (const table of CHILD_TABLES) {
    for (const [event, row] of [
      ['insert', 'new'],
      ['update', 'new'],
      ['delete', 'old'],
    ] as const) {
      await sql
        .raw(
          `create trigger ${table}_revision_${event} after ${event} on ${table} begin
          update document_revisions set revision = revision + 1 where document_id = ${row}.document_id; end`,
        )
        .execute(db);
    }
  }
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  // The functions name the counter's table with the schema it was made in, whatever the session
  // that fires them has set. (Not `set search_path from current`: a function with its own
  // setting re-plans its statements on every call, which made a template instantiation ~45 %
  // slower.)
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const table = `"${rows[0].schema.replaceAll('"', '""')}".document_revisions`;
  await sql
    .raw(
      `create function quire_document_revision_insert() returns trigger language plpgsql as $$
      begin
        insert into ${table} (document_id, org_id, revision) values (new.id, new.org_id, 1);
        return null;
      end $$`,
    )
    .execute(db);
  // Once per transaction and document, however many rows it wrote (a template instantiation
  // writes dozens): bumped_in names the transaction that counted last.
  await sql
    .raw(
      `create function quire_document_revision_bump() returns trigger language plpgsql as $$
      declare
        target text;
      begin
        if tg_table_name = 'documents' then
          target := new.id;
        elsif tg_op = 'DELETE' then
          target := old.document_id;
        else
          target := new.document_id;
        end if;
        update ${table} set revision = revision + 1, bumped_in = pg_current_xact_id()::text
          where document_id = target and bumped_in is distinct from pg_current_xact_id()::text;
        return null;
      end $$`,
    )
    .execute(db);
  // The counter's row exists as soon as the document does (no other transaction can lock it yet).
  await sql`create trigger documents_revision_insert after insert on documents for each row execute function quire_document_revision_insert()`.execute(db);
  await sql`create constraint trigger documents_revision_update after update on documents deferrable initially deferred for each row execute function quire_document_revision_bump()`.execute(
    db,
  );
  for (const table of CHILD_TABLES) {
    await sql
      .raw(
        `create constraint trigger ${table}_revision after insert or update or delete on ${table} deferrable initially deferred for each row execute function quire_document_revision_bump()`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db as Kysely<Database>) === 'postgres';
  for (const table of CHILD_TABLES) {
    const names = postgres ? [`${table}_revision`] : [`${table}_revision_insert`, `${table}_revision_update`, `${table}_revision_delete`];
    for (const name of names) await sql.raw(postgres ? `drop trigger ${name} on ${table}` : `drop trigger ${name}`).execute(db);
  }
  for (const name of ['documents_revision_insert', 'documents_revision_update'])
    await sql.raw(postgres ? `drop trigger ${name} on documents` : `drop trigger ${name}`).execute(db);
  if (postgres) await sql`drop function quire_document_revision_insert(); drop function quire_document_revision_bump()`.execute(db);
  await db.schema.dropTable('document_revisions').execute();
}
