/** Webhook endpoints of an organization. Every method takes orgId first: a foreign row is not found. */
import type { Kysely, Selectable } from 'kysely';
import { fromDbBool, toCount, toDbBool } from '../../storage/dialect.js';
import { type Page, type PageRequest, mapPage } from '../../storage/keyset-page.js';
import { type ListView, viewPage } from '../../storage/list-view.js';
import type { Database } from '../../storage/schema.js';
import type { WebhookEndpointTable } from '../../storage/tables/webhooks.js';
import { fromJson } from '../json-column.js';

export interface WebhookEndpointRecord {
  id: string;
  url: string;
  description: string | null;
  events: string[];
  /** ⚠ Read only to sign and to answer create/rotate once; never presented otherwise. */
  secret: string;
  enabled: boolean;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
}

export type WebhookEndpointPatch = Partial<Pick<WebhookEndpointRecord, 'url' | 'description' | 'events' | 'enabled' | 'secret'>> & { updatedAt: string };

function toRecord(row: Selectable<WebhookEndpointTable>): WebhookEndpointRecord {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: fromJson<string[]>(row.events_json, []),
    secret: row.secret,
    enabled: fromDbBool(row.enabled),
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export class WebhookEndpointRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Oldest first, one page at a time. */
  async listPage(orgId: string, page: PageRequest, view: ListView = {}): Promise<Page<WebhookEndpointRecord>> {
    const query = this.db.selectFrom('webhook_endpoints').selectAll().where('org_id', '=', orgId);
    return mapPage(
      viewPage(
        query,
        { name: 'url', search: ['url'], fallback: { sort: 'created_at', sortType: 'string', id: 'id', direction: 'asc', keyOf: (r) => [r.created_at, r.id] } },
        view,
        page,
      ),
      toRecord,
    );
  }

  /** The enabled endpoints subscribed to `eventType`. */
  async listSubscribed(orgId: string, eventType: string): Promise<WebhookEndpointRecord[]> {
    const rows = await this.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('enabled', '=', 1)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
    return rows.map(toRecord).filter((endpoint) => endpoint.events.includes(eventType));
  }

  async count(orgId: string): Promise<number> {
    const row = await this.db
      .selectFrom('webhook_endpoints')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('org_id', '=', orgId)
      .executeTakeFirst();
    return toCount(row?.n);
  }

  async findById(orgId: string, id: string): Promise<WebhookEndpointRecord | undefined> {
    const row = await this.db.selectFrom('webhook_endpoints').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
    return row && toRecord(row);
  }

  /** The organization's slug, for event envelopes. */
  async organizationSlug(orgId: string): Promise<string> {
    const row = await this.db.selectFrom('organizations').select('slug').where('id', '=', orgId).executeTakeFirst();
    return row?.slug ?? orgId;
  }

  async insert(orgId: string, record: WebhookEndpointRecord): Promise<void> {
    await this.db
      .insertInto('webhook_endpoints')
      .values({
        id: record.id,
        org_id: orgId,
        url: record.url,
        description: record.description,
        events_json: JSON.stringify(record.events),
        secret: record.secret,
        enabled: toDbBool(record.enabled),
        created_by: record.createdBy,
        created_at: record.createdAt,
        updated_at: record.updatedAt,
      })
      .execute();
  }

  /** @returns the updated endpoint, or undefined when none of the organization has this id. */
  async update(orgId: string, id: string, patch: WebhookEndpointPatch): Promise<WebhookEndpointRecord | undefined> {
    await this.db
      .updateTable('webhook_endpoints')
      .set({
        ...(patch.url !== undefined ? { url: patch.url } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.events !== undefined ? { events_json: JSON.stringify(patch.events) } : {}),
        ...(patch.enabled !== undefined ? { enabled: toDbBool(patch.enabled) } : {}),
        ...(patch.secret !== undefined ? { secret: patch.secret } : {}),
        updated_at: patch.updatedAt,
      })
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .execute();
    return this.findById(orgId, id);
  }

  /** @returns whether a row of the organization was deleted (its deliveries go with it). */
  async delete(orgId: string, id: string): Promise<boolean> {
    // Children first: not every SQLite connection enforces the cascade.
    await this.db
      .deleteFrom('webhook_delivery_attempts')
      .where('org_id', '=', orgId)
      .where('delivery_id', 'in', this.db.selectFrom('webhook_deliveries').select('id').where('org_id', '=', orgId).where('endpoint_id', '=', id))
      .execute();
    await this.db.deleteFrom('webhook_deliveries').where('org_id', '=', orgId).where('endpoint_id', '=', id).execute();
    const result = await this.db.deleteFrom('webhook_endpoints').where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
