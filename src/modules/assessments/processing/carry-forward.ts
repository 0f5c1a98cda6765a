/**
 * D9: a rerun carries human work forward. New items are matched to the previous current items
 * by key and occurrence; a correction is re-applied (moved onto the new item), a human
 * validation kept when the machine value did not change; a differing new machine value is
 * flagged as a conflict for review. With `force`, old corrections are superseded instead.
 */
import type { CommandContext } from '../../context.js';
import type { ExtractedItemRecord } from '../extracted-items/extracted-item.repository.js';
import type { CarriedForward } from './processing-run.repository.js';

const key = (i: Pick<ExtractedItemRecord, 'key' | 'occurrence_index'>): string => `${i.key}#${i.occurrence_index}`;
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** True when a person decided on the item (what a rerun must not silently drop). */
export function hasHumanWork(item: ExtractedItemRecord): boolean {
  return item.is_corrected || (item.validation.decision_source === 'human' && ['validated', 'rejected', 'corrected'].includes(item.validation_status));
}

/**
 * Adjusts the new items in place (before they are inserted) and updates the old ones.
 * Must run inside the run's transaction.
 */
export async function carryForward(
  ctx: CommandContext,
  previous: ExtractedItemRecord[],
  next: Array<Omit<ExtractedItemRecord, 'org_id'>>,
  options: { runId: string; preserve: boolean; force: boolean },
): Promise<CarriedForward> {
  const orgId = ctx.actor.org.orgId;
  const repos = ctx.repos;
  const now = ctx.clock.now().toISOString();
  const carried: CarriedForward = { corrections: 0, validations: 0, conflicts: 0 };
  const byKey = new Map(next.map((i) => [key(i), i]));
  for (const old of previous) {
    const successor = byKey.get(key(old));
    await repos.items.supersede(orgId, old.id, successor?.id ?? options.runId, now);
    const correction = old.current_correction_id ? await repos.corrections.findById(orgId, old.current_correction_id) : undefined;
    const activeCorrection = correction?.status === 'active' ? correction : undefined;
    if (options.force || !options.preserve) {
      if (activeCorrection) await repos.corrections.setStatus(orgId, activeCorrection.id, 'superseded', now);
      continue;
    }
    if (!successor) {
      if (hasHumanWork(old)) carried.conflicts += 1; // the item disappeared: the human work cannot land anywhere
      continue;
    }
    const machineChanged = !same(successor.extracted.value, old.extracted.value) || successor.extracted.value_state !== old.extracted.value_state;
    if (activeCorrection) {
      await repos.corrections.moveToItem(orgId, activeCorrection.id, successor.id, options.runId, now);
      successor.value = activeCorrection.corrected.value;
      successor.value_state = activeCorrection.corrected.value_state;
      successor.value_text = old.value_text;
      successor.current_correction_id = activeCorrection.id;
      successor.is_corrected = true;
      carried.corrections += 1;
      const resolvedByRerun = same(successor.extracted.value, activeCorrection.corrected.value);
      if (machineChanged && !resolvedByRerun) {
        carried.conflicts += 1;
        successor.validation_status = 'needs_review';
        successor.candidates = [{ source: 'rerun', value: successor.extracted.value, value_text: successor.extracted.value_text }];
        successor.validation = { ...successor.validation, blockers: [...successor.validation.blockers, { type: 'rerun_conflict', message: 'the new extraction differs from the value the correction was made on' }] };
      } else {
        successor.validation_status = 'corrected';
        successor.validation = { ...old.validation, decision_source: 'carried_forward', note: resolvedByRerun ? 'resolved_by_rerun' : old.validation.note };
      }
      continue;
    }
    if (hasHumanWork(old)) {
      if (machineChanged) {
        carried.conflicts += 1;
        successor.validation_status = 'needs_review';
        successor.validation = { ...successor.validation, blockers: [...successor.validation.blockers, { type: 'rerun_conflict', message: `was ${old.validation_status} by a reviewer; the value changed` }] };
      } else {
        carried.validations += 1;
        successor.validation_status = old.validation_status;
        successor.validation = { ...old.validation, checks: successor.validation.checks, decision_source: 'carried_forward' };
      }
    }
  }
  return carried;
}
