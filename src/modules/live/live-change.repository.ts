/**
 * Persisted live changes: the table is the source of truth of the live streams, so a view can
 * resume from any `seq`, on any process, after a restart (the progress stream's approach).
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../storage/schema.js';
import type { LiveEventKind } from './live.schemas.js';

/** A change as a publisher states it: its kind, the document it belongs to (if any), its fields. */
export interface LiveChangeInput {
  kind: LiveEventKind;
  documentId: string | null;
  by: string | null;
  [field: string]: unknown;
}

/** A change as the streams send it (a `LiveEvent`). */
export interface StoredLiveChange {
  kind: string;
  seq: number;
  ts: number;
  by: string | null;
  documentId?: string;
  [field: string]: unknown;
}

export class LiveChangeRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Appends changes with the organization's next seqs. The counter row is advanced with one
   * upsert: it stays locked until the surrounding transaction commits, so a later seq is never
   * visible before an earlier one (the poll's cursor relies on it). Join the change's own
   * transaction and publish last in it, to hold the row briefly.
   */
  async append(orgId: string, changes: readonly LiveChangeInput[], at: Date): Promise<void> {
    if (changes.length === 0) return;
    const count = changes.length;
    const write = async (trx: Kysely<Database>) => {
      const counter = await trx
        .insertInto('live_change_counters')
        .values({ org_id: orgId, last_seq: count })
        .onConflict((oc) => oc.column('org_id').doUpdateSet({ last_seq: sql<number>`live_change_counters.last_seq + ${count}` }))
        .returning('last_seq')
        .executeTakeFirstOrThrow();
      const first = Number(counter.last_seq) - count + 1;
      await trx
        .insertInto('live_changes')
        .values(
          changes.map(({ kind, documentId, ...payload }, index) => ({
            org_id: orgId,
            seq: first + index,
            document_id: documentId,
            kind,
            payload_json: JSON.stringify(payload),
            ts: at.getTime() / 1000,
          })),
        )
        .execute();
    };
    if (this.db.isTransaction) await write(this.db);
    else await this.db.transaction().execute(write);
  }

  /** Changes of the organization (or of one of its documents) after `seq`, oldest first. */
  async listSince(orgId: string, seq: number, documentId?: string, limit = 500): Promise<StoredLiveChange[]> {
    let query = this.db.selectFrom('live_changes').selectAll().where('org_id', '=', orgId).where('seq', '>', seq);
    if (documentId !== undefined) query = query.where('document_id', '=', documentId);
    const rows = await query.orderBy('seq', 'asc').limit(limit).execute();
    return rows.map((row) => {
      const payload = JSON.parse(row.payload_json) as Record<string, unknown> & { by?: string | null };
      return {
        ...payload,
        kind: row.kind,
        seq: Number(row.seq),
        ts: Number(row.ts),
        by: payload.by ?? null,
        ...(row.document_id === null ? {} : { documentId: row.document_id }),
      };
    });
  }

  /** The organization's last seq: where a stream opened without a cursor starts (only what comes next). */
  async lastSeq(orgId: string): Promise<number> {
    const row = await this.db.selectFrom('live_change_counters').select('last_seq').where('org_id', '=', orgId).executeTakeFirst();
    return Number(row?.last_seq ?? 0);
  }
}
