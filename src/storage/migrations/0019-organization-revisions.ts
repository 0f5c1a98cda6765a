import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.js';
import type { Database } from '../schema.js';

/**
 * What a generated document's detail reads beyond its own rows, counted, so that
 * `GET /v1/documents/{id}` of a generated document can be answered from the cache of serialized
 * details too (issue #17; migration 0018 counts the document's own rows).
 *
 * A generated section's `staleBecause` compares what its last run read with what a run would
 * read now: the organization's library (texts, risk blocks, snippets, entities), voices and
 * settings, tool registrations and orchestration rules, assessments and their items and
 * corrections, the organization's name — and, per document, its bound snippets and its
 * generation snapshots. The organization's part is one counter per organization; the
 * document's part joins the document's own counter (0018). Kept by triggers, like 0018, so no
 * writer can forget it. `organization-revisions.test.ts` checks that every table with an
 * `org_id` is either counted here or in 0018, or listed as never read by a detail.
 *
 * PostgreSQL: counted once per transaction at commit (deferred constraint triggers), as 0018.
 * A transaction may now count a document and its organization at commit, in the order its
 * writes came; two such transactions in opposite orders would deadlock. So every counting
 * function first takes a transaction lock on the organization (an advisory lock): the counters'
 * row locks are then only ever taken by the one transaction of an organization that is
 * committing, and commits of one organization's writes queue for that moment only.
 */

/** Tables of the organization that a generated document's staleness reads, each with `org_id`. */
export const ORGANIZATION_INPUT_TABLES = [
  'texts',
  'risk_blocks',
  'snippets',
  'snippet_items',
  'entities',
  'voices',
  'organization_settings',
  'tool_registrations',
  'orchestration_rules',
  'orchestration_rulebooks',
  'assessments',
  'source_documents',
  'processing_runs',
  'extracted_items',
  'corrections',
  'correction_revisions',
  'batches',
  'batch_runs',
  'batch_documents',
] as const;

/** Per-document tables a generated document's staleness reads, counted in the document's revision (0018). */
export const DOCUMENT_INPUT_TABLES = ['document_snippets', 'generation_snapshots'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('organization_revisions')
    .addColumn('org_id', 'text', (c) => c.primaryKey().references('organizations.id').onDelete('cascade'))
    .addColumn('revision', 'bigint', (c) => c.notNull())
    // PostgreSQL: the transaction that counted last (one count per transaction); unused on SQLite.
    .addColumn('bumped_in', 'text')
    .execute();
  await sql`insert into organization_revisions (org_id, revision) select id, 1 from organizations`.execute(db);
  if (dialectOf(db as Kysely<Database>) === 'postgres') await postgresTriggers(db);
  else await sqliteTriggers(db);
}

const EVENTS = [
  ['insert', 'new'],
  ['update', 'new'],
  ['delete', 'old'],
] as const;

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`create trigger organizations_revision_insert after insert on organizations begin
    insert into organization_revisions (org_id, revision) values (new.id, 1); end`.execute(db);
  await sql`create trigger organizations_revision_update after update on organizations begin
    update organization_revisions set revision = revision + 1 where org_id = new.id; end`.execute(db);
  for (const table of ORGANIZATION_INPUT_TABLES) {
    for (const [event, row] of EVENTS) {
      await sql
        .raw(
          `create trigger ${table}_org_revision_${event} after ${event} on ${table} begin
          update organization_revisions set revision = revision + 1 where org_id = ${row}.org_id; end`,
        )
        .execute(db);
    }
  }
  for (const table of DOCUMENT_INPUT_TABLES) {
    for (const [event, row] of EVENTS) {
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
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = `"${rows[0].schema.replaceAll('"', '""')}"`;
  const organizations = `${schema}.organization_revisions`;
  const documents = `${schema}.document_revisions`;
  // The lock's key names the schema too: two deployments sharing a database never wait on each other.
  const lock = (org: string) => `perform pg_advisory_xact_lock(hashtextextended(${sqlText(rows[0].schema)} || ' ' || ${org}, 0))`;
  await sql
    .raw(
      `create function quire_organization_revision_insert() returns trigger language plpgsql as $$
      begin
        insert into ${organizations} (org_id, revision) values (new.id, 1);
        return null;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function quire_organization_revision_bump() returns trigger language plpgsql as $$
      declare
        target text;
      begin
        if tg_table_name = 'organizations' then
          target := new.id;
        elsif tg_op = 'DELETE' then
          target := old.org_id;
        else
          target := new.org_id;
        end if;
        -- Once per transaction and organization: a batch of 3,400 extracted items is one count,
        -- and a transaction-local setting (named by a digest: ids may hold any character)
        -- answers the rows after the first without touching a table.
        if current_setting('quire.org_counted.h' || md5(target), true) = pg_current_xact_id()::text then
          return null;
        end if;
        ${lock('target')};
        update ${organizations} set revision = revision + 1, bumped_in = pg_current_xact_id()::text
          where org_id = target and bumped_in is distinct from pg_current_xact_id()::text;
        perform set_config('quire.org_counted.h' || md5(target), pg_current_xact_id()::text, true);
        return null;
      end $$`,
    )
    .execute(db);
  // 0018's function, now taking the organization's lock before the document's counter.
  await sql
    .raw(
      `create or replace function quire_document_revision_bump() returns trigger language plpgsql as $$
      declare
        target text;
        org text;
      begin
        if tg_table_name = 'documents' then
          target := new.id;
          org := new.org_id;
        elsif tg_op = 'DELETE' then
          target := old.document_id;
          org := old.org_id;
        else
          target := new.document_id;
          org := new.org_id;
        end if;
        if current_setting('quire.document_counted.h' || md5(target), true) = pg_current_xact_id()::text then
          return null;
        end if;
        ${lock('org')};
        update ${documents} set revision = revision + 1, bumped_in = pg_current_xact_id()::text
          where document_id = target and bumped_in is distinct from pg_current_xact_id()::text;
        perform set_config('quire.document_counted.h' || md5(target), pg_current_xact_id()::text, true);
        return null;
      end $$`,
    )
    .execute(db);
  await sql`create trigger organizations_revision_insert after insert on organizations for each row execute function quire_organization_revision_insert()`.execute(
    db,
  );
  await sql`create constraint trigger organizations_revision_update after update on organizations deferrable initially deferred for each row execute function quire_organization_revision_bump()`.execute(
    db,
  );
  for (const table of ORGANIZATION_INPUT_TABLES) {
    await sql
      .raw(
        `create constraint trigger ${table}_org_revision after insert or update or delete on ${table} deferrable initially deferred for each row execute function quire_organization_revision_bump()`,
      )
      .execute(db);
  }
  for (const table of DOCUMENT_INPUT_TABLES) {
    await sql
      .raw(
        `create constraint trigger ${table}_revision after insert or update or delete on ${table} deferrable initially deferred for each row execute function quire_document_revision_bump()`,
      )
      .execute(db);
  }
}

/** A PostgreSQL string literal. */
function sqlText(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db as Kysely<Database>) === 'postgres';
  const triggers: Array<[string, string]> = [
    ['organizations_revision_insert', 'organizations'],
    ['organizations_revision_update', 'organizations'],
  ];
  for (const table of ORGANIZATION_INPUT_TABLES) {
    for (const name of postgres ? [`${table}_org_revision`] : EVENTS.map(([event]) => `${table}_org_revision_${event}`)) triggers.push([name, table]);
  }
  for (const table of DOCUMENT_INPUT_TABLES) {
    for (const name of postgres ? [`${table}_revision`] : EVENTS.map(([event]) => `${table}_revision_${event}`)) triggers.push([name, table]);
  }
  for (const [name, table] of triggers) await sql.raw(postgres ? `drop trigger ${name} on ${table}` : `drop trigger ${name}`).execute(db);
  // 0018's function keeps the organization's lock it took here: harmless without this table's triggers.
  if (postgres) await sql`drop function quire_organization_revision_insert(); drop function quire_organization_revision_bump()`.execute(db);
  await db.schema.dropTable('organization_revisions').execute();
}
