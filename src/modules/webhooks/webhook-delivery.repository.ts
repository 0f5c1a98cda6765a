/**
 * Webhook deliveries and their attempts. Every method takes orgId first: a foreign row is not
 * found. One delivery per (endpoint, event) — the unique index — so queuing an event twice
 * inserts nothing the second time.
 */
import type { Kysely, Selectable } from 'kysely';
import { type Page, type PageRequest, keysetPage, mapPage } from '../../storage/keyset-page.js';
import type { Database } from '../../storage/schema.js';
import type { WebhookDeliveryAttemptTable, WebhookDeliveryTable } from '../../storage/tables/webhooks.js';

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface WebhookDeliveryRecord {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  /** The exact body sent, signed as is. */
  body: string;
  status: WebhookDeliveryStatus;
  attemptCount: number;
  responseStatus: number | null;
  responseExcerpt: string | null;
  error: string | null;
  durationMs: number | null;
  nextAttemptAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface WebhookAttemptRecord {
  attempt: number;
  attemptedAt: string;
  responseStatus: number | null;
  responseExcerpt: string | null;
  error: string | null;
  durationMs: number;
}

/** What one attempt changes on its delivery. */
export type WebhookDeliveryOutcome = Pick<WebhookDeliveryRecord, 'status' | 'responseStatus' | 'responseExcerpt' | 'error' | 'durationMs' | 'nextAttemptAt'>;

function toRecord(row: Selectable<WebhookDeliveryTable>): WebhookDeliveryRecord {
  return {
    id: row.id,
    endpointId: row.endpoint_id,
    eventId: row.event_id,
    eventType: row.event_type,
    body: row.payload_json,
    status: row.status as WebhookDeliveryStatus,
    attemptCount: Number(row.attempt_count),
    responseStatus: row.response_status === null ? null : Number(row.response_status),
    responseExcerpt: row.response_excerpt,
    error: row.error,
    durationMs: row.duration_ms === null ? null : Number(row.duration_ms),
    nextAttemptAt: row.next_attempt_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toAttempt(row: Selectable<WebhookDeliveryAttemptTable>): WebhookAttemptRecord {
  return {
    attempt: Number(row.attempt),
    attemptedAt: row.attempted_at,
    responseStatus: row.response_status === null ? null : Number(row.response_status),
    responseExcerpt: row.response_excerpt,
    error: row.error,
    durationMs: Number(row.duration_ms),
  };
}

export class WebhookDeliveryRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** @returns false when the endpoint already has a delivery of this event (nothing inserted). */
  async insertOnce(orgId: string, record: WebhookDeliveryRecord): Promise<boolean> {
    const result = await this.db
      .insertInto('webhook_deliveries')
      .values({
        id: record.id,
        org_id: orgId,
        endpoint_id: record.endpointId,
        event_id: record.eventId,
        event_type: record.eventType,
        payload_json: record.body,
        status: record.status,
        attempt_count: record.attemptCount,
        response_status: record.responseStatus,
        response_excerpt: record.responseExcerpt,
        error: record.error,
        duration_ms: record.durationMs,
        next_attempt_at: record.nextAttemptAt,
        created_at: record.createdAt,
        updated_at: record.updatedAt,
      })
      .onConflict((oc) => oc.columns(['endpoint_id', 'event_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async findById(orgId: string, id: string): Promise<WebhookDeliveryRecord | undefined> {
    const row = await this.db.selectFrom('webhook_deliveries').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
    return row && toRecord(row);
  }

  /** An endpoint's deliveries, newest first, one page at a time. */
  async listPage(orgId: string, endpointId: string, page: PageRequest, status?: string): Promise<Page<WebhookDeliveryRecord>> {
    let query = this.db.selectFrom('webhook_deliveries').selectAll().where('org_id', '=', orgId).where('endpoint_id', '=', endpointId);
    if (status !== undefined) query = query.where('status', '=', status);
    return mapPage(
      keysetPage(query, { sort: 'created_at', sortType: 'string', id: 'id', direction: 'desc', keyOf: (r) => [r.created_at, r.id] }, page),
      toRecord,
    );
  }

  /** The attempts of each delivery, oldest first. */
  async listAttempts(orgId: string, deliveryIds: string[]): Promise<Map<string, WebhookAttemptRecord[]>> {
    const byDelivery = new Map<string, WebhookAttemptRecord[]>(deliveryIds.map((id) => [id, []]));
    if (deliveryIds.length === 0) return byDelivery;
    const rows = await this.db
      .selectFrom('webhook_delivery_attempts')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('delivery_id', 'in', deliveryIds)
      .orderBy('attempt', 'asc')
      .execute();
    for (const row of rows) byDelivery.get(row.delivery_id)?.push(toAttempt(row));
    return byDelivery;
  }

  /**
   * Records attempt `attempt` and its outcome on the delivery. The attempt's primary key makes
   * a second recording of the same attempt (a job run twice) fail rather than count twice.
   */
  async recordAttempt(orgId: string, deliveryId: string, attempt: WebhookAttemptRecord, outcome: WebhookDeliveryOutcome): Promise<void> {
    await this.db
      .insertInto('webhook_delivery_attempts')
      .values({
        delivery_id: deliveryId,
        attempt: attempt.attempt,
        org_id: orgId,
        attempted_at: attempt.attemptedAt,
        response_status: attempt.responseStatus,
        response_excerpt: attempt.responseExcerpt,
        error: attempt.error,
        duration_ms: attempt.durationMs,
      })
      .execute();
    await this.db
      .updateTable('webhook_deliveries')
      .set({ ...toColumns(outcome), attempt_count: attempt.attempt, updated_at: attempt.attemptedAt })
      .where('org_id', '=', orgId)
      .where('id', '=', deliveryId)
      .execute();
  }

  /** Ends a delivery without an attempt (its endpoint was disabled before it went out). */
  async giveUp(orgId: string, deliveryId: string, error: string, at: string): Promise<void> {
    await this.db
      .updateTable('webhook_deliveries')
      .set({ status: 'failed', error, next_attempt_at: null, updated_at: at })
      .where('org_id', '=', orgId)
      .where('id', '=', deliveryId)
      .execute();
  }
}

function toColumns(outcome: WebhookDeliveryOutcome) {
  return {
    status: outcome.status,
    response_status: outcome.responseStatus,
    response_excerpt: outcome.responseExcerpt,
    error: outcome.error,
    duration_ms: outcome.durationMs,
    next_attempt_at: outcome.nextAttemptAt,
  };
}
