/**
 * `POST /documents/{id}/extracted-items/validate-all` (§4.5): confirms the confident subset in
 * one step. Never confirms `needs_review` items unless asked; `min_confidence` keeps it safe;
 * `dry_run` reports without writing.
 */
import type { Static } from 'typebox';
import type { ValidateAllResult } from '../extracted-item.schemas.js';
import type { CommandContext } from '../../../context.js';
import { itemCounts, reviewStatus } from '../../uploads/source-document.presenter.js';
import { requireSourceDocument } from '../../uploads/require-source-document.js';
import type { ValidationStatus } from '../extracted-item.repository.js';
import { learnFromConfirmedAt } from '../../issuer-memory/commands/learn-from-review.js';
import { recheck } from './validate-item.js';

export interface ValidateAllInput {
  only_pending?: boolean;
  item_ids?: string[];
  min_confidence?: number;
  include_needs_review?: boolean;
  dry_run?: boolean;
}

/** @throws NotFoundError when the document is absent or foreign. */
export async function validateAllItems(ctx: CommandContext, documentId: string, input: ValidateAllInput): Promise<Static<typeof ValidateAllResult>> {
  const orgId = ctx.actor.org.orgId;
  return ctx.transaction(async (tx) => {
    const doc = await requireSourceDocument(tx, documentId);
    const repos = tx.repos;
    const now = tx.clock.now().toISOString();
    const onlyPending = input.only_pending !== false;
    const wanted = input.item_ids ? new Set(input.item_ids) : null;
    const minConfidence = input.min_confidence ?? 0;
    const skipped: Static<typeof ValidateAllResult>['skipped'] = [];
    const failed: Array<{ item_id: string; failed_checks: string[] }> = [];
    let validated = 0;
    const items = await repos.items.listCurrent(orgId, [doc.id]);
    const finalStatus: Partial<Record<ValidationStatus, number>> = {};
    for (const item of items) {
      let status = item.validation_status;
      const eligible = (): Static<typeof ValidateAllResult>['skipped'][number]['reason'] | 'not_selected' | null => {
        if (wanted && !wanted.has(item.id)) return 'not_selected';
        if (item.validation_status === 'needs_review') return input.include_needs_review ? null : 'needs_review';
        if (onlyPending && item.validation_status !== 'pending') return 'already_decided';
        if (item.validation_status === 'rejected' || item.validation_status === 'corrected') return 'already_decided';
        if (minConfidence > 0 && (item.confidence.overall === null || item.confidence.overall < minConfidence)) return 'low_confidence';
        return null;
      };
      const reason = eligible();
      if (reason) {
        if (reason !== 'not_selected') skipped.push({ item_id: item.id, reason });
      } else {
        const checks = recheck(item);
        const failing = checks.filter((c) => !c.passed && c.severity !== 'info').map((c) => c.id);
        if (failing.length > 0) failed.push({ item_id: item.id, failed_checks: failing });
        else {
          validated += 1;
          status = 'validated';
          if (!input.dry_run) {
            await repos.items.update(orgId, item.id, item.version, {
              validation_status: 'validated',
              validation: {
                ...item.validation,
                checks,
                blockers: [],
                decided_by: tx.actor.email ?? tx.actor.userId,
                decided_at: now,
                decision_source: 'human',
                note: 'validate-all',
                decided_on: { value: item.extracted.value, value_state: item.extracted.value_state },
                held_decision: null,
              },
              updated_at: now,
            });
          }
        }
      }
      finalStatus[status] = (finalStatus[status] ?? 0) + 1;
    }
    await learnFromConfirmedAt(tx, doc.id, now); // what was confirmed teaches the issuer memory (ADR 0511)
    // A dry run reports the review status as it is; a real run as it now is.
    const review = reviewStatus(doc, itemCounts(input.dry_run ? countBy(items.map((i) => i.validation_status)) : finalStatus));
    return { document_id: doc.id, validated, skipped, failed, review_status: review, dry_run: input.dry_run === true };
  });
}

function countBy(statuses: ValidationStatus[]): Partial<Record<ValidationStatus, number>> {
  const out: Partial<Record<ValidationStatus, number>> = {};
  for (const s of statuses) out[s] = (out[s] ?? 0) + 1;
  return out;
}
