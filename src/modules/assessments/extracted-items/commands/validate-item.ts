/**
 * `POST /documents/{id}/extracted-items/{item_id}/validate` (§4.5): the rule checks run first;
 * an error-severity failure refuses a confirmation (422 naming the checks); warnings may be
 * overridden and are then recorded as acknowledged. A stale `expected_version` is 409.
 */
import { ConflictError, DomainValidationError } from '../../../../kernel/errors.js';
import type { CommandContext } from '../../../context.js';
import { dependentTemplateChecks, markDependentSectionsStale } from '../../bridge/mark-dependent-sections-stale.js';
import { runItemChecks } from '../../../../extraction/item-checks.js';
import type { ValueType } from '../../../../extraction/types.js';
import { checksFor } from '../../processors/item-type-of.js';
import type { ExtractedItemRecord } from '../extracted-item.repository.js';
import { learnFromReview } from '../../issuer-memory/commands/learn-from-review.js';
import { requireItem } from '../require-item.js';

export interface ValidateItemInput {
  decision?: 'confirm' | 'reject';
  note?: string | null;
  expected_version?: number;
  override_warnings?: boolean;
}

/** Re-runs the item type's checks on the item's effective value. */
export function recheck(item: ExtractedItemRecord): ReturnType<typeof runItemChecks> {
  return runItemChecks(checksFor(item.processor_id, item.key, item.value_type), {
    key: item.key,
    value: item.value,
    value_state: item.value_state,
    value_type: item.value_type as ValueType,
  });
}

/**
 * @throws NotFoundError when the document or item is absent or foreign.
 * @throws ConflictError when `expected_version` is stale or the item is superseded.
 * @throws DomainValidationError when an error check fails on confirm, or a warning fails without `override_warnings`.
 */
export async function validateItem(ctx: CommandContext, documentId: string, itemId: string, input: ValidateItemInput): Promise<ExtractedItemRecord> {
  const orgId = ctx.actor.org.orgId;
  // Before the transaction: what the sections a rejection marks stale read is learnt in the tenant-code pool.
  const templateCheckOf = input.decision === 'reject' ? await dependentTemplateChecks(ctx, [itemId]) : null;
  return ctx.transaction(async (tx) => {
    const item = await requireItem(tx, itemId, documentId);
    if (input.expected_version !== undefined && input.expected_version !== item.version) {
      throw new ConflictError(`stale version: the item is at version ${item.version}, not ${input.expected_version}`);
    }
    if (item.superseded_by) throw new ConflictError('the item was superseded by a newer run');
    const decision = input.decision ?? 'confirm';
    const checks = recheck(item);
    const failedErrors = checks.filter((c) => !c.passed && c.severity === 'error').map((c) => c.id);
    const failedWarnings = checks.filter((c) => !c.passed && c.severity === 'warning').map((c) => c.id);
    if (decision === 'confirm' && failedErrors.length > 0)
      throw new DomainValidationError(`failing error checks: ${failedErrors.join(', ')}; correct the value or reject the item`);
    if (decision === 'confirm' && failedWarnings.length > 0 && !input.override_warnings) {
      throw new DomainValidationError(`failing warning checks: ${failedWarnings.join(', ')}; send override_warnings to confirm anyway`);
    }
    const now = tx.clock.now().toISOString();
    const status = decision === 'reject' ? 'rejected' : item.is_corrected ? 'corrected' : 'validated';
    const ok = await tx.repos.items.update(orgId, item.id, item.version, {
      validation_status: status,
      validation: {
        ...item.validation,
        checks,
        blockers: decision === 'reject' ? item.validation.blockers : [],
        decided_by: tx.actor.email ?? tx.actor.userId,
        decided_at: now,
        decision_source: 'human',
        note: input.note ?? null,
        // The decision is on this run's machine value; a decision held by a rerun conflict is replaced.
        decided_on: { value: item.extracted.value, value_state: item.extracted.value_state },
        held_decision: null,
        ...(failedWarnings.length > 0 && decision === 'confirm' ? { acknowledged_warnings: failedWarnings } : {}),
      },
      updated_at: now,
    });
    if (!ok) throw new ConflictError('stale version: another reviewer changed the item');
    // A rejected value no longer feeds documents: the sections built on it are out of date.
    if (decision === 'reject' && templateCheckOf) await markDependentSectionsStale(tx, [item.id], templateCheckOf);
    const decided = await requireItem(tx, item.id);
    // A confirmed value teaches the issuer memory where the field is (ADR 0511).
    if (decision === 'confirm') await learnFromReview(tx, item.document_id, [{ item: decided, correction: null }]);
    return decided;
  });
}
