/** Every output a section has held (renders, edits, restores), numbered 1..N per section. */
import type { Kysely, Selectable } from 'kysely';
import { type Page, type PageRequest, keysetPage, mapPage } from '../../../storage/keyset-page.js';
import type { Database, SectionVersionTable } from '../../../storage/schema.js';

export interface SectionVersionRecord {
  id: string;
  sectionId: string;
  version: number;
  content: string | null;
  status: string;
  source: string;
  runId: string | null;
  createdBy: string | null;
  createdAt: string;
}

function toRecord(row: Selectable<SectionVersionTable>): SectionVersionRecord {
  return {
    id: row.id,
    sectionId: row.section_id,
    version: row.version,
    content: row.content,
    status: row.status,
    source: row.source,
    runId: row.run_id,
    createdBy: row.created_by,
    createdAt: row.created_at,
  };
}

export class SectionVersionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Newest first, one page at a time, each with the number of the run that wrote it — the
   * `runId` progress events carry — so the wire has one id form per run.
   */
  async listPage(orgId: string, sectionId: string, page: PageRequest): Promise<Page<SectionVersionRecord & { runNumber: number | null }>> {
    const query = this.db
      .selectFrom('section_versions as v')
      .leftJoin('generation_runs as r', (join) => join.onRef('r.id', '=', 'v.run_id').on('r.org_id', '=', orgId))
      .selectAll('v')
      .select('r.run_number')
      .where('v.org_id', '=', orgId)
      .where('v.section_id', '=', sectionId);
    return mapPage(
      keysetPage(query, { sort: 'v.version', sortType: 'number', id: 'v.id', direction: 'desc', keyOf: (r) => [r.version, r.id] }, page),
      (row) => ({ ...toRecord(row), runNumber: row.run_number === null ? null : Number(row.run_number) }),
    );
  }

  /** Newest first. */
  async listBySection(orgId: string, sectionId: string): Promise<SectionVersionRecord[]> {
    const rows = await this.db
      .selectFrom('section_versions')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('section_id', '=', sectionId)
      .orderBy('version', 'desc')
      .execute();
    return rows.map(toRecord);
  }

  async findByNumber(orgId: string, sectionId: string, version: number): Promise<SectionVersionRecord | undefined> {
    const row = await this.db
      .selectFrom('section_versions')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('section_id', '=', sectionId)
      .where('version', '=', version)
      .executeTakeFirst();
    return row && toRecord(row);
  }

  async latestNumber(orgId: string, sectionId: string): Promise<number> {
    const row = await this.db
      .selectFrom('section_versions')
      .select((eb) => eb.fn.max('version').as('latest'))
      .where('org_id', '=', orgId)
      .where('section_id', '=', sectionId)
      .executeTakeFirst();
    return Number(row?.latest ?? 0);
  }

  /** The latest version number of each of `sectionIds` (0 for a section without any), in one statement. */
  async latestNumbers(orgId: string, sectionIds: readonly string[]): Promise<Map<string, number>> {
    const latest = new Map(sectionIds.map((id) => [id, 0]));
    if (sectionIds.length === 0) return latest;
    const rows = await this.db
      .selectFrom('section_versions')
      .select((eb) => ['section_id', eb.fn.max('version').as('latest')])
      .where('org_id', '=', orgId)
      .where('section_id', 'in', sectionIds)
      .groupBy('section_id')
      .execute();
    for (const row of rows) latest.set(row.section_id, Number(row.latest));
    return latest;
  }

  async insert(orgId: string, documentId: string, version: SectionVersionRecord): Promise<void> {
    await this.insertMany(orgId, documentId, [version]);
  }

  /** Several versions in one statement (a run's rendered sections). */
  async insertMany(orgId: string, documentId: string, versions: readonly SectionVersionRecord[]): Promise<void> {
    if (versions.length === 0) return;
    await this.db
      .insertInto('section_versions')
      .values(
        versions.map((version) => ({
          id: version.id,
          org_id: orgId,
          document_id: documentId,
          section_id: version.sectionId,
          version: version.version,
          content: version.content,
          status: version.status,
          source: version.source,
          run_id: version.runId,
          created_by: version.createdBy,
          created_at: version.createdAt,
        })),
      )
      .execute();
  }
}
