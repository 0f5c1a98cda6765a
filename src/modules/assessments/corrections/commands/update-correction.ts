/**
 * `PUT /extracted-items/{item_id}/corrections/{corr_id}` (§4.6): a new immutable revision (the
 * previous one kept in history). Only the item's current active correction may change;
 * `status: "reverted"` puts the item back to its machine value and `pending`.
 */
import { ConflictError, NotFoundError } from '../../../../kernel/errors.js';
import type { CommandContext } from '../../../context.js';
import { dependentTemplateChecks, markDependentSectionsStale } from '../../bridge/mark-dependent-sections-stale.js';
import type { ExtractedItemRecord } from '../../extracted-items/extracted-item.repository.js';
import { learnFromReview } from '../../issuer-memory/commands/learn-from-review.js';
import { requireItem } from '../../extracted-items/require-item.js';
import type { CorrectionRecord } from '../correction.repository.js';
import { type CorrectionBody, correctedValue } from '../correction-input.js';

export type UpdateCorrectionBody = Partial<CorrectionBody> & { status?: 'active' | 'reverted' };

/** One revision step: who changes it and when, against the item and its active correction. */
interface Revision {
  tx: CommandContext;
  item: ExtractedItemRecord;
  correction: CorrectionRecord;
  body: UpdateCorrectionBody;
  who: string;
  now: string;
}

/** The correction revised as `reverted`; the item back to its machine value and `pending`. */
async function revertCorrection({ tx, item, correction, body, who, now }: Revision): Promise<void> {
  const orgId = tx.actor.org.orgId;
  await tx.repos.corrections.revise(orgId, correction, {
    status: 'reverted',
    corrected: correction.corrected,
    reason: body.reason ?? correction.reason,
    note: body.note ?? correction.note,
    updated_by: who,
    updated_at: now,
  });
  const ok = await tx.repos.items.update(orgId, item.id, item.version, {
    value: item.extracted.value,
    value_text: item.extracted.value_text,
    value_state: item.extracted.value_state,
    validation_status: 'pending',
    validation: { ...item.validation, decided_by: null, decided_at: null, decision_source: null, note: null, decided_on: null, held_decision: null },
    current_correction_id: null,
    is_corrected: false,
    updated_at: now,
  });
  if (!ok) throw new ConflictError('stale version: another reviewer changed the item');
}

/** A new active revision of the correction with the values sent; the item takes its value as `corrected`. */
async function reviseCorrection({ tx, item, correction, body, who, now }: Revision): Promise<void> {
  const orgId = tx.actor.org.orgId;
  const corrected = correctedValue(item, {
    value: body.value === undefined ? correction.corrected.value : body.value,
    value_state: body.value_state ?? (body.value === undefined ? correction.corrected.value_state : undefined),
    provenance: body.provenance,
  });
  const { value_text, ...snapshot } = corrected;
  if (body.provenance === undefined) {
    snapshot.provenance = correction.corrected.provenance;
    snapshot.reanchored = correction.corrected.reanchored;
  }
  await tx.repos.corrections.revise(orgId, correction, {
    status: 'active',
    corrected: snapshot,
    reason: body.reason ?? correction.reason,
    note: body.note === undefined ? correction.note : body.note,
    updated_by: who,
    updated_at: now,
    time_spent_ms: body.time_spent_ms,
  });
  const ok = await tx.repos.items.update(orgId, item.id, item.version, {
    value: snapshot.value,
    value_text,
    value_state: snapshot.value_state,
    validation_status: 'corrected',
    updated_at: now,
  });
  if (!ok) throw new ConflictError('stale version: another reviewer changed the item');
}

/**
 * @throws NotFoundError when the item or correction is absent, foreign, or not of this item.
 * @throws ConflictError when the correction is not the item's active one ("correction superseded") or `expected_version` is stale.
 * @throws DomainValidationError when the value does not fit the item's type.
 */
export async function updateCorrection(ctx: CommandContext, itemId: string, correctionId: string, body: UpdateCorrectionBody): Promise<CorrectionRecord> {
  const orgId = ctx.actor.org.orgId;
  // Before the transaction: what the sections the change marks stale read is learnt in the tenant-code pool.
  const templateCheckOf = await dependentTemplateChecks(ctx, [itemId]);
  return ctx.transaction(async (tx) => {
    const repos = tx.repos;
    const correction = await repos.corrections.findById(orgId, correctionId);
    const item = await requireItem(tx, itemId);
    // A correction follows its item across reruns (it is moved onto the successor item).
    if (!correction || correction.item_id !== item.id) throw new NotFoundError(`correction ${correctionId} not found`);
    if (correction.status !== 'active' || item.current_correction_id !== correction.id) throw new ConflictError('correction superseded');
    if (body.expected_version !== undefined && body.expected_version !== item.version) {
      throw new ConflictError(`stale version: the item is at version ${item.version}, not ${body.expected_version}`);
    }
    const now = tx.clock.now().toISOString();
    const who = tx.actor.email ?? tx.actor.userId;
    const revision: Revision = { tx, item, correction, body, who, now };
    if (body.status === 'reverted') await revertCorrection(revision);
    else await reviseCorrection(revision);
    // Revised or reverted, the item's value changed: sections built on it are out of date.
    await markDependentSectionsStale(tx, [item.id], templateCheckOf);
    const updated = await repos.corrections.findById(orgId, correction.id);
    if (!updated) throw new NotFoundError(`correction ${correctionId} not found`);
    // A revised value teaches the issuer memory again (ADR 0511); a revert teaches nothing.
    if (body.status !== 'reverted') await learnFromReview(tx, item.document_id, [{ item: await requireItem(tx, item.id), correction: updated }]);
    return updated;
  });
}
