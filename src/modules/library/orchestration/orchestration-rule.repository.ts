/** Orchestration rules of an organization. Every method takes orgId first: a foreign row is not found. */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../../storage/schema.js';
import type { OrchestrationRuleTable } from '../../../storage/tables/tools.js';
import { fromJson, toJson } from '../../json-column.js';
import type { RuleAction } from './rule-actions.js';

export interface OrchestrationRuleRecord {
  id: string;
  name: string;
  description: string | null;
  ordinal: number;
  when: Record<string, unknown>;
  then: RuleAction[];
  createdAt: string;
  updatedAt: string;
}

function toRecord(row: Selectable<OrchestrationRuleTable>): OrchestrationRuleRecord {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    ordinal: row.ordinal,
    when: fromJson<Record<string, unknown>>(row.when_json, {}),
    then: fromJson<RuleAction[]>(row.then_json, []),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export class OrchestrationRuleRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The rulebook in evaluation order: ordinal, then creation. */
  async list(orgId: string): Promise<OrchestrationRuleRecord[]> {
    const rows = await this.db
      .selectFrom('orchestration_rules')
      .selectAll()
      .where('org_id', '=', orgId)
      .orderBy('ordinal', 'asc')
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
    return rows.map(toRecord);
  }

  async findByName(orgId: string, name: string): Promise<OrchestrationRuleRecord | undefined> {
    const row = await this.db.selectFrom('orchestration_rules').selectAll().where('org_id', '=', orgId).where('name', '=', name).executeTakeFirst();
    return row && toRecord(row);
  }

  /** The ordinal after the last rule (0 for an empty rulebook). */
  async nextOrdinal(orgId: string): Promise<number> {
    const row = await this.db
      .selectFrom('orchestration_rules')
      .select((eb) => eb.fn.max('ordinal').as('last'))
      .where('org_id', '=', orgId)
      .executeTakeFirst();
    return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
  }

  /** @throws the driver's unique violation when the name is taken in the organization. */
  async insert(orgId: string, record: OrchestrationRuleRecord): Promise<void> {
    await this.db
      .insertInto('orchestration_rules')
      .values({
        id: record.id,
        org_id: orgId,
        name: record.name,
        description: record.description,
        ordinal: record.ordinal,
        when_json: toJson(record.when) ?? '{}',
        then_json: toJson(record.then) ?? '[]',
        created_at: record.createdAt,
        updated_at: record.updatedAt,
      })
      .execute();
  }

  /** @returns whether a rule of the organization was deleted. */
  async delete(orgId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('orchestration_rules').where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Whether the organization's default rulebook was seeded already. */
  async isSeeded(orgId: string): Promise<boolean> {
    const row = await this.db.selectFrom('orchestration_rulebooks').select('org_id').where('org_id', '=', orgId).executeTakeFirst();
    return row !== undefined;
  }

  /** @throws the driver's unique violation when another request seeded it first. */
  async markSeeded(orgId: string, now: string): Promise<void> {
    await this.db.insertInto('orchestration_rulebooks').values({ org_id: orgId, seeded_at: now }).execute();
  }
}
