/**
 * `POST /extracted-items/{item_id}/corrections` (§4.6): an immutable correction with the
 * previous value snapshot; the item takes the corrected value and status `corrected`. A newer
 * correction supersedes the item's previous active one.
 */
import { ConflictError } from '../../../../kernel/errors.js';
import { newId } from '../../../../kernel/ids.js';
import type { CommandContext } from '../../../context.js';
import { dependentTemplateChecks, markDependentSectionsStale } from '../../bridge/mark-dependent-sections-stale.js';
import { requireItem } from '../../extracted-items/require-item.js';
import { learnFromReview } from '../../issuer-memory/commands/learn-from-review.js';
import type { CorrectionRecord } from '../correction.repository.js';
import { type CorrectionBody, correctedValue } from '../correction-input.js';

/**
 * @throws NotFoundError when the item is absent or foreign.
 * @throws ConflictError when `expected_version` is stale or the item is superseded.
 * @throws DomainValidationError when the value does not fit the item's value_type.
 */
export async function createCorrection(ctx: CommandContext, itemId: string, body: CorrectionBody): Promise<CorrectionRecord> {
  const orgId = ctx.actor.org.orgId;
  // Before the transaction: what the sections the correction marks stale read is learnt in the tenant-code pool.
  const templateCheckOf = await dependentTemplateChecks(ctx, [itemId]);
  return ctx.transaction(async (tx) => {
    const item = await requireItem(tx, itemId);
    if (body.expected_version !== undefined && body.expected_version !== item.version) {
      throw new ConflictError(`stale version: the item is at version ${item.version}, not ${body.expected_version}`);
    }
    if (item.superseded_by) throw new ConflictError('the item was superseded by a newer run');
    const corrected = correctedValue(item, body);
    const repos = tx.repos;
    const now = tx.clock.now().toISOString();
    const who = tx.actor.email ?? tx.actor.userId;
    if (item.current_correction_id) await repos.corrections.setStatus(orgId, item.current_correction_id, 'superseded', now);
    const { value_text, ...snapshot } = corrected;
    const basis = { value: item.extracted.value, value_state: item.extracted.value_state };
    const correction = await repos.corrections.insert(orgId, {
      id: newId('cor'),
      item_id: item.id,
      document_id: item.document_id,
      assessment_id: item.assessment_id,
      run_id: item.run_id,
      revision: 1,
      status: 'active',
      previous: { value: item.value, value_state: item.value_state, provenance: item.provenance, item_version: item.version, extracted: basis },
      corrected: snapshot,
      reason: body.reason,
      note: body.note ?? null,
      time_spent_ms: body.time_spent_ms ?? null,
      created_by: who,
      created_at: now,
      updated_by: who,
      updated_at: now,
    });
    const ok = await repos.items.update(orgId, item.id, item.version, {
      value: snapshot.value,
      value_text,
      value_state: snapshot.value_state,
      validation_status: 'corrected',
      validation: {
        ...item.validation,
        blockers: [],
        decided_by: who,
        decided_at: now,
        decision_source: 'human',
        note: body.note ?? null,
        decided_on: basis,
        held_decision: null,
      },
      current_correction_id: correction.id,
      is_corrected: true,
      updated_at: now,
    });
    if (!ok) throw new ConflictError('stale version: another reviewer changed the item');
    await markDependentSectionsStale(tx, [item.id], templateCheckOf);
    // The issuer of the document remembers where the corrected value is (ADR 0511).
    const decided = await requireItem(tx, item.id);
    await learnFromReview(tx, item.document_id, [{ item: decided, correction }]);
    return correction;
  });
}
