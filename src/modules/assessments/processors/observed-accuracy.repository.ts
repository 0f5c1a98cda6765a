/**
 * The human decisions behind `observed_accuracy` (§4.3, §7.5): items a person validated,
 * corrected or rejected, counted per processor, processor version and key. Every query is
 * scoped to one organization: accuracy is measured on the tenant's own traffic only.
 */
import type { Kysely } from 'kysely';
import { fromDbBool } from '../../../storage/dialect.js';
import type { Database } from '../../../storage/schema.js';

/** Decided items of one processor version and key. */
export interface DecisionCount {
  processor_id: string;
  processor_version: string | null;
  key: string;
  /** Items a person decided (validated, corrected or rejected). */
  decided: number;
  /** Of those, the ones validated as extracted (no correction, not rejected). */
  accepted: number;
  /** Corrected items by the reason of their active correction. */
  correction_reasons: Record<string, number>;
}

/**
 * `validation_json` is written with `JSON.stringify` (no spaces), so this pattern finds a human
 * decision on both dialects without JSON functions. Decisions carried forward by a rerun are
 * left out: the same human decision is already counted on the item it was made on.
 */
const HUMAN_DECISION = '%"decision_source":"human"%';

export class ObservedAccuracyRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Counts of human decisions per processor version and key in the organization. */
  async decisionCounts(orgId: string): Promise<DecisionCount[]> {
    const rows = await this.db
      .selectFrom('extracted_items as i')
      .innerJoin('processing_runs as r', (join) => join.onRef('r.id', '=', 'i.run_id').onRef('r.org_id', '=', 'i.org_id'))
      // The active correction of a corrected item gives its reason; other items have none.
      .leftJoin('corrections as c', (join) => join.onRef('c.id', '=', 'i.current_correction_id').onRef('c.org_id', '=', 'i.org_id'))
      .select(['i.processor_id', 'r.processor_version', 'i.key', 'i.validation_status', 'i.is_corrected', 'c.reason', (eb) => eb.fn.countAll().as('n')])
      .where('i.org_id', '=', orgId)
      .where('i.validation_status', 'in', ['validated', 'corrected', 'rejected'])
      .where('i.validation_json', 'like', HUMAN_DECISION)
      .groupBy(['i.processor_id', 'r.processor_version', 'i.key', 'i.validation_status', 'i.is_corrected', 'c.reason'])
      .execute();
    const byKey = new Map<string, DecisionCount>();
    for (const row of rows) {
      const id = JSON.stringify([row.processor_id, row.processor_version, row.key]);
      const count = byKey.get(id) ?? {
        processor_id: row.processor_id,
        processor_version: row.processor_version,
        key: row.key,
        decided: 0,
        accepted: 0,
        correction_reasons: {},
      };
      const n = Number(row.n);
      count.decided += n;
      if (row.validation_status === 'validated' && !fromDbBool(row.is_corrected)) count.accepted += n;
      if (row.validation_status === 'corrected' && row.reason) count.correction_reasons[row.reason] = (count.correction_reasons[row.reason] ?? 0) + n;
      byKey.set(id, count);
    }
    return [...byKey.values()];
  }
}
