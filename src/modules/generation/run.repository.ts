/**
 * Generation runs. The partial unique index on (document_id) where status = 'running' makes
 * "one active run per document" a database fact: `tryStart` returns null when another run holds it.
 */
import { type Kysely, type Selectable, sql } from 'kysely';
import { isUniqueViolation } from '../../storage/dialect.js';
import type { Database } from '../../storage/schema.js';
import type { GenerationRunTable } from '../../storage/tables/generation.js';
import { fromJson } from '../json-column.js';
import { type RunCredentialRecord, RunCredentialRepository } from './run-credential.repository.js';

export interface RunOptions {
  force: boolean;
  preserveEdited: boolean;
  variables: Record<string, unknown>;
  /** Gather every data-need afresh (no `need_cached`); absent in runs queued before it existed. */
  refresh?: boolean;
  /** regenerate: the one section to render. */
  sectionIds?: string[];
}

export interface RunRecord {
  id: string;
  documentId: string;
  runNumber: number;
  kind: string;
  status: string;
  options: RunOptions;
  error: string | null;
  usage: Record<string, unknown> | null;
  createdBy: string | null;
  startedAt: string;
  finishedAt: string | null;
}

function toRecord(row: Selectable<GenerationRunTable>): RunRecord {
  return {
    id: row.id,
    documentId: row.document_id,
    runNumber: row.run_number,
    kind: row.kind,
    status: row.status,
    options: fromJson<RunOptions>(row.options_json, { force: false, preserveEdited: false, variables: {} }),
    error: row.error,
    usage: fromJson<Record<string, unknown> | null>(row.usage_json, null),
    createdBy: row.created_by,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  };
}

export class RunRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Inserts a running run, or returns null when the document already has one. Its number (one
   * past the document's last) is computed in the insert itself, not read first (ADR 0822): one
   * round trip. Two inserts racing for one number meet the unique index like two runs do.
   */
  async tryStart(orgId: string, run: Omit<RunRecord, 'runNumber' | 'status' | 'error' | 'usage' | 'finishedAt'>): Promise<RunRecord | null> {
    let inserted: { run_number: number | string } | undefined;
    try {
      inserted = await this.db
        .insertInto('generation_runs')
        .values({
          id: run.id,
          org_id: orgId,
          document_id: run.documentId,
          run_number: (eb) =>
            eb
              .selectFrom('generation_runs')
              .select(sql<number>`coalesce(max(run_number), 0) + 1`.as('n'))
              .where('org_id', '=', orgId)
              .where('document_id', '=', run.documentId),
          kind: run.kind,
          status: 'running',
          options_json: JSON.stringify(run.options),
          error: null,
          usage_json: null,
          created_by: run.createdBy,
          started_at: run.startedAt,
          finished_at: null,
        })
        .returning('run_number')
        .executeTakeFirstOrThrow();
    } catch (error) {
      // Either the one-active-run index or a concurrent insert of the same run number.
      if (isUniqueViolation(error)) return null;
      throw error;
    }
    return { ...run, runNumber: Number(inserted.run_number), status: 'running', error: null, usage: null, finishedAt: null };
  }

  async findById(orgId: string, id: string): Promise<RunRecord | undefined> {
    const row = await this.db.selectFrom('generation_runs').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
    return row && toRecord(row);
  }

  /**
   * The run and its sealed credential (null when none was kept) in one read: what a worker needs
   * to start a run, one round trip instead of two (ADR 0791).
   */
  async findWithCredential(orgId: string, id: string): Promise<{ run: RunRecord; credential: RunCredentialRecord | null } | undefined> {
    const row = await this.db
      .selectFrom('generation_runs')
      .leftJoin('run_credentials', (join) =>
        join.onRef('run_credentials.run_id', '=', 'generation_runs.id').onRef('run_credentials.org_id', '=', 'generation_runs.org_id'),
      )
      .selectAll('generation_runs')
      .select(['run_credentials.sealed as credential_sealed', 'run_credentials.expires_at as credential_expires_at'])
      .where('generation_runs.org_id', '=', orgId)
      .where('generation_runs.id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    const { credential_sealed: sealed, credential_expires_at: expiresAt, ...run } = row;
    return { run: toRecord(run), credential: sealed === null || expiresAt === null ? null : { runId: run.id, sealed, expiresAt } };
  }

  async findActive(orgId: string, documentId: string): Promise<RunRecord | undefined> {
    const row = await this.db
      .selectFrom('generation_runs')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('document_id', '=', documentId)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return row && toRecord(row);
  }

  /**
   * Ends a running run (`ended` false when it had already ended). Every way a run ends comes
   * through here, so this is where its sealed credential is erased, in the same transaction: a
   * run that has ended can no longer act for its caller, whatever ended it (finished, failed,
   * blocked, orphaned, shut down). `webhooks` says whether the organization has an enabled
   * webhook endpoint, read by the same statement: the terminal event's webhook reads the
   * endpoints only then (ADR 0822; most organizations have none, and every run read them).
   */
  async finish(
    orgId: string,
    id: string,
    status: 'finished' | 'failed' | 'blocked',
    details: { error?: string | null; usage?: Record<string, unknown> | null; finishedAt: string },
  ): Promise<{ ended: boolean; webhooks: boolean }> {
    if (!this.db.isTransaction) return this.db.transaction().execute((tx) => new RunRepository(tx).finish(orgId, id, status, details));
    await new RunCredentialRepository(this.db).erase(orgId, id);
    const row = await this.db
      .updateTable('generation_runs')
      .set({ status, error: details.error ?? null, usage_json: details.usage ? JSON.stringify(details.usage) : null, finished_at: details.finishedAt })
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .where('status', '=', 'running')
      .returning((eb) =>
        eb
          .exists(
            eb
              .selectFrom('webhook_endpoints')
              .select(sql.lit(1).as('one'))
              .where('webhook_endpoints.org_id', '=', orgId)
              .where('webhook_endpoints.enabled', '=', 1),
          )
          .as('webhooks'),
      )
      .executeTakeFirst();
    return { ended: row !== undefined, webhooks: row !== undefined && Boolean(row.webhooks) };
  }
}
