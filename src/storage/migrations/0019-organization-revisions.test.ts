/**
 * Migration 0019: what a generated document's detail reads beyond its own rows is counted, and
 * nothing an organization holds is left out by mistake — the cached detail of a generated
 * document is answered while these counters hold, so a table missing here would serve a stale
 * `staleBecause`.
 */
import { type Kysely, sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDialect } from '../../../test/support/dialects.js';
import { useDbHarness } from '../../../test/support/db-harness.js';
import { buildDocument, buildOrg, buildText } from '../../../test/support/factories.js';
import type { Database } from '../schema.js';
import { DOCUMENT_INPUT_TABLES, ORGANIZATION_INPUT_TABLES } from './0019-organization-revisions.js';

/** The document and the rows its detail presents: counted per document by migration 0018. */
const DOCUMENT_OWN_TABLES = ['documents', 'sections', 'document_fields', 'data_needs', 'gathered_values'];

/** Tables with an `org_id` that no document detail reads, and why. */
const NOT_READ_BY_A_DETAIL: Record<string, string> = {
  memberships: 'who may read, decided before the detail is read (the caller, not the document)',
  section_versions: 'history of a section, read by the versions routes only',
  generation_runs: "a run's progress; its outcome reaches the detail through sections and snapshots",
  run_events: 'the progress stream',
  run_credentials: "a run's borrowed credential",
  synthesized_contexts: "a run's intermediate; staleness reads the context its snapshot recorded",
  snapshots: 'document history (versions), not generation snapshots',
  blobs: 'file bytes; what a detail reads of an upload is its extracted items',
  blob_chunks: 'file bytes',
  page_images: 'rendered pages of uploads, for the review screen',
  webhook_endpoints: 'delivery of events',
  webhook_deliveries: 'delivery of events',
  webhook_delivery_attempts: 'delivery of events',
  word_templates: 'the Word file of a document or template, read by its own routes and by export',
  merge_runs: 'a merge run; its documents are documents like any other',
  merge_run_rows: "a merge run's rows and their outcomes",
  merge_run_events: "a merge run's progress stream",
  issuer_memories: 'what reviewers taught about an issuer; it shapes later extraction, whose items a detail reads',
  run_layouts: "a processing run's page segments, read when its items are reviewed",
  live_changes: 'the live streams: what changed, never read to answer a detail',
  live_change_counters: "the live streams' sequence counter",
  comment_threads: 'discussion of a section, read by the comment routes only',
  comments: 'discussion of a section, read by the comment routes only',
  comment_mentions: 'who a comment mentions, read by the comment routes only',
  section_suggestions: 'proposed edits; an accepted one reaches the detail as a section edit',
  section_drafts: "an editor's unpublished text, read by the draft routes only (ADR 0621)",
  item_tallies: 'counts of extracted_items, which are counted themselves: a tally changes only with them',
  document_revisions: 'the counter itself',
  organization_revisions: 'the counter itself',
};

async function tablesWithOrgId(db: Kysely<Database>, dialect: string): Promise<string[]> {
  if (dialect === 'postgres') {
    const { rows } = await sql<{
      name: string;
    }>`select table_name as name from information_schema.columns where table_schema = current_schema() and column_name = 'org_id'`.execute(db);
    return rows.map((r) => r.name).sort();
  }
  const { rows } = await sql<{
    name: string;
  }>`select m.name as name from sqlite_master m join pragma_table_info(m.name) c where m.type = 'table' and c.name = 'org_id'`.execute(db);
  return rows.map((r) => r.name).sort();
}

async function revisionOf(
  db: Kysely<Database>,
  table: 'organization_revisions' | 'document_revisions',
  column: 'org_id' | 'document_id',
  id: string,
): Promise<number> {
  const { rows } = await sql<{ revision: number | string }>`select revision from ${sql.table(table)} where ${sql.ref(column)} = ${id}`.execute(db);
  return Number(rows[0]?.revision);
}

describeEachDialect('migration 0019-organization-revisions', (dialect) => {
  const h = useDbHarness(dialect);

  it('accounts for every table with an org_id: counted per document, per organization, or never read by a detail', async () => {
    const classified = [...DOCUMENT_OWN_TABLES, ...DOCUMENT_INPUT_TABLES, ...ORGANIZATION_INPUT_TABLES, ...Object.keys(NOT_READ_BY_A_DETAIL)].sort();
    expect(await tablesWithOrgId(h.db, dialect)).toEqual(classified);
  });

  it('counts a write to the library in the organization, a rename of the organization, and no other organization', async () => {
    const org = await buildOrg(h.db);
    const other = await buildOrg(h.db);
    const [before, otherBefore] = [
      await revisionOf(h.db, 'organization_revisions', 'org_id', org.id),
      await revisionOf(h.db, 'organization_revisions', 'org_id', other.id),
    ];
    expect(before).toBe(1);
    const text = await buildText(h.db, { orgId: org.id });
    const afterInsert = await revisionOf(h.db, 'organization_revisions', 'org_id', org.id);
    expect(afterInsert).toBeGreaterThan(before);
    await sql`update texts set value = 'changed by hand' where id = ${text.id}`.execute(h.db);
    const afterUpdate = await revisionOf(h.db, 'organization_revisions', 'org_id', org.id);
    expect(afterUpdate).toBeGreaterThan(afterInsert);
    await sql`update organizations set display_name = 'Renamed' where id = ${org.id}`.execute(h.db);
    const afterRename = await revisionOf(h.db, 'organization_revisions', 'org_id', org.id);
    expect(afterRename).toBeGreaterThan(afterUpdate);
    await sql`delete from texts where id = ${text.id}`.execute(h.db);
    expect(await revisionOf(h.db, 'organization_revisions', 'org_id', org.id)).toBeGreaterThan(afterRename);
    expect(await revisionOf(h.db, 'organization_revisions', 'org_id', other.id)).toBe(otherBefore);
  });

  it("counts a document's generation snapshot in the document's revision", async () => {
    const org = await buildOrg(h.db);
    const document = await buildDocument(h.db, { orgId: org.id });
    const before = await revisionOf(h.db, 'document_revisions', 'document_id', document.id);
    await sql`insert into generation_snapshots (id, org_id, document_id, run_id, run_number, manifest_json, output_json, manifest_hash, created_at)
      values ('gsn_test', ${org.id}, ${document.id}, 'run_test', 1, '{}', '{}', 'hash', '2026-03-14T09:30:00.000Z')`.execute(h.db);
    expect(await revisionOf(h.db, 'document_revisions', 'document_id', document.id)).toBeGreaterThan(before);
  });

  it('counts a transaction that writes many rows of an organization once', async () => {
    const org = await buildOrg(h.db);
    const before = await revisionOf(h.db, 'organization_revisions', 'org_id', org.id);
    await h.db.transaction().execute(async (trx) => {
      for (let n = 0; n < 20; n += 1) await buildText(trx, { orgId: org.id, key: `bulk_${n}` });
    });
    const after = await revisionOf(h.db, 'organization_revisions', 'org_id', org.id);
    // SQLite counts each row (plain triggers); PostgreSQL once per transaction, at commit.
    expect(after - before).toBe(dialect === 'postgres' ? 1 : 20);
  });
});
