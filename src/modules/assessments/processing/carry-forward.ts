/**
 * D9: a rerun carries human work forward. New items are matched by key and occurrence to the
 * item that last held the human work on that slot: the previous current item, or, when the
 * previous run did not extract the key at all, the item that run left behind (orphaned).
 *
 * The comparison is with the machine value the reviewer acted on (the decision's basis, the
 * correction's `previous.extracted`), which may be several runs old: after a rerun whose
 * processor read another value (a conflict, the decision held on the item), a later run that
 * extracts the original value again restores the decision without a conflict. Only a new value
 * that differs from every value the reviewer acted on is a `rerun_conflict`. A correction is
 * always re-applied (moved onto the new item). With `force` or without `preserve`, corrections
 * are superseded and decisions dropped, also those left behind by earlier runs.
 */
import { runItemChecks } from '../../../extraction/item-checks.js';
import type { ValueType } from '../../../extraction/types.js';
import type { CommandContext } from '../../context.js';
import type { CorrectionRecord } from '../corrections/correction.repository.js';
import type { DecisionBasis, ExtractedItemRecord, HumanDecision, ItemValidation } from '../extracted-items/extracted-item.repository.js';
import { checksFor } from '../processors/item-type-of.js';
import type { CarriedForward, ProcessingRunRecord } from './processing-run.repository.js';

type NewItem = Omit<ExtractedItemRecord, 'org_id'>;

const slot = (i: Pick<ExtractedItemRecord, 'key' | 'occurrence_index'>): string => `${i.key}#${i.occurrence_index}`;
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
const sameBasis = (a: DecisionBasis, b: DecisionBasis): boolean => same(a.value, b.value) && a.value_state === b.value_state;
const DECIDED: ReadonlyArray<HumanDecision['status']> = ['validated', 'rejected', 'corrected'];

/**
 * The human decision an item carries: one held back by a rerun conflict, or its own (made by a
 * person, or carried forward from one). Automation is not human work.
 */
export function humanDecisionOf(item: Pick<ExtractedItemRecord, 'validation' | 'validation_status' | 'extracted'>): HumanDecision | undefined {
  const v = item.validation;
  if (v.held_decision) return v.held_decision;
  const status = DECIDED.find((s) => s === item.validation_status);
  if (!status || (v.decision_source !== 'human' && v.decision_source !== 'carried_forward')) return undefined;
  return {
    status,
    decided_by: v.decided_by,
    decided_at: v.decided_at,
    note: v.note,
    ...(v.acknowledged_warnings ? { acknowledged_warnings: v.acknowledged_warnings } : {}),
    basis: v.decided_on ?? { value: item.extracted.value, value_state: item.extracted.value_state },
  };
}

/** True when a person decided on the item (what a rerun must not silently drop). */
export function hasHumanWork(item: ExtractedItemRecord): boolean {
  return item.is_corrected || humanDecisionOf(item) !== undefined;
}

/** The machine values a correction was made on (older corrections only recorded the value they replaced). */
function correctionBases(correction: CorrectionRecord): DecisionBasis[] {
  const p = correction.previous;
  return [p.extracted ?? { value: p.value, value_state: p.value_state }];
}

/** The decision restored on the new item, checked against its effective value. */
function restored(item: NewItem, decision: HumanDecision, note: string | null): ItemValidation {
  const checks = runItemChecks(checksFor(item.processor_id, item.key, item.value_type), {
    key: item.key,
    value: item.value,
    value_state: item.value_state,
    value_type: item.value_type as ValueType,
  });
  return {
    checks,
    // A rejection keeps the reasons the new extraction gives; a confirmation or correction cleared them.
    blockers: decision.status === 'rejected' ? item.validation.blockers : [],
    decided_by: decision.decided_by,
    decided_at: decision.decided_at,
    decision_source: 'carried_forward',
    note,
    ...(decision.acknowledged_warnings ? { acknowledged_warnings: decision.acknowledged_warnings } : {}),
    decided_on: decision.basis,
    held_decision: null,
  };
}

/** Flags a conflict on the new item and holds the decision there for a later rerun. */
function holdInConflict(item: NewItem, decision: HumanDecision, message: string): void {
  item.validation_status = 'needs_review';
  item.validation = { ...item.validation, blockers: [...item.validation.blockers, { type: 'rerun_conflict', message }], held_decision: decision };
}

/**
 * Items left behind by earlier runs whose human work may still land: the latest per slot, and
 * only when no run since then dropped human work (forced, or not preserving).
 */
function reclaimable(orphans: ExtractedItemRecord[], runs: ProcessingRunRecord[]): Map<string, ExtractedItemRecord> {
  const order = new Map(runs.map((r, i) => [r.id, i]));
  const lastDrop = runs.reduce(
    (at, r, i) => ((r.force || !r.preserve_corrections) && (r.status === 'succeeded' || r.status === 'partially_succeeded') ? i : at),
    -1,
  );
  const out = new Map<string, ExtractedItemRecord>();
  for (const item of orphans) {
    const leftAt = order.get(item.superseded_by ?? '') ?? -1;
    if (leftAt <= lastDrop) continue;
    const seen = out.get(slot(item));
    if (!seen || (order.get(seen.superseded_by ?? '') ?? -1) < leftAt) out.set(slot(item), item);
  }
  return out;
}

/** One rerun's carrying: where it writes, when, and what it has counted so far. */
interface Carrying {
  ctx: CommandContext;
  orgId: string;
  runId: string;
  now: string;
  carried: CarriedForward;
}

/**
 * Adjusts the new items in place (before they are inserted) and updates the old ones.
 * Must run inside the run's transaction.
 */
export async function carryForward(
  ctx: CommandContext,
  previous: ExtractedItemRecord[],
  next: NewItem[],
  options: { runId: string; documentId: string; preserve: boolean; force: boolean },
): Promise<CarriedForward> {
  const orgId = ctx.actor.org.orgId;
  const run: Carrying = { ctx, orgId, runId: options.runId, now: ctx.clock.now().toISOString(), carried: { corrections: 0, validations: 0, conflicts: 0 } };
  const dropping = options.force || !options.preserve;
  const orphans = (await ctx.repos.items.listOrphaned(orgId, options.documentId)).filter(hasHumanWork);
  const byKey = new Map(next.map((i) => [slot(i), i]));
  if (dropping) {
    await supersedeDroppingWork(run, previous, byKey);
    // Human work left behind by earlier runs is dropped too; its corrections stay for audit.
    for (const orphan of orphans) await supersedeCorrectionOf(run, orphan);
    return run.carried;
  }
  const runs = orphans.length === 0 ? [] : (await ctx.repos.processingRuns.listByDocument(orgId, options.documentId)).filter((r) => r.id !== options.runId);
  const leftBehind = reclaimable(orphans, runs);
  await supersedeCarryingWork(run, previous, byKey, leftBehind);
  await reclaimLeftBehind(run, leftBehind, byKey);
  return run.carried;
}

/** The item's correction while it is still the active one. */
async function activeCorrectionOf(run: Carrying, item: ExtractedItemRecord): Promise<CorrectionRecord | undefined> {
  const correction = item.current_correction_id ? await run.ctx.repos.corrections.findById(run.orgId, item.current_correction_id) : undefined;
  return correction?.status === 'active' ? correction : undefined;
}

async function supersedeCorrectionOf(run: Carrying, item: ExtractedItemRecord): Promise<void> {
  const correction = await activeCorrectionOf(run, item);
  if (correction) await run.ctx.repos.corrections.setStatus(run.orgId, correction.id, 'superseded', run.now);
}

/** Forced or not preserving: every previous item is superseded and its correction with it. */
async function supersedeDroppingWork(run: Carrying, previous: ExtractedItemRecord[], byKey: Map<string, NewItem>): Promise<void> {
  for (const old of previous) {
    await run.ctx.repos.items.supersede(run.orgId, old.id, byKey.get(slot(old))?.id ?? run.runId, run.now);
    await supersedeCorrectionOf(run, old);
  }
}

/** Every previous item is superseded; its human work moves to its successor, or stays behind when the key was not extracted. */
async function supersedeCarryingWork(
  run: Carrying,
  previous: ExtractedItemRecord[],
  byKey: Map<string, NewItem>,
  leftBehind: Map<string, ExtractedItemRecord>,
): Promise<void> {
  for (const old of previous) {
    const successor = byKey.get(slot(old));
    await run.ctx.repos.items.supersede(run.orgId, old.id, successor?.id ?? run.runId, run.now);
    const correction = await activeCorrectionOf(run, old);
    if (!successor) {
      // Not extracted this time: the item stays behind with its human work, for a later run.
      if (hasHumanWork(old)) run.carried.conflicts += 1;
      continue;
    }
    if (!hasHumanWork(old)) continue;
    leftBehind.delete(slot(old));
    await carryOne(run, old, correction, successor);
  }
}

/** Human work left behind by earlier runs lands on this run's item for its slot, when there is one. */
async function reclaimLeftBehind(run: Carrying, leftBehind: Map<string, ExtractedItemRecord>, byKey: Map<string, NewItem>): Promise<void> {
  for (const [key, orphan] of leftBehind) {
    const successor = byKey.get(key);
    if (!successor) continue;
    await run.ctx.repos.items.supersede(run.orgId, orphan.id, successor.id, run.now);
    await carryOne(run, orphan, await activeCorrectionOf(run, orphan), successor);
  }
}

/** Moves one old item's correction or decision onto its successor, or holds it there in conflict. */
async function carryOne(run: Carrying, old: ExtractedItemRecord, correction: CorrectionRecord | undefined, successor: NewItem): Promise<void> {
  const decision = humanDecisionOf(old);
  const extracted: DecisionBasis = { value: successor.extracted.value, value_state: successor.extracted.value_state };
  if (correction) {
    await carryCorrection(run, old, correction, decision, successor, extracted);
    return;
  }
  if (!decision) return;
  if (!sameBasis(decision.basis, extracted)) {
    run.carried.conflicts += 1;
    holdInConflict(successor, decision, `was ${decision.status} by a reviewer; the value changed`);
    return;
  }
  run.carried.validations += 1;
  successor.validation_status = decision.status === 'corrected' ? 'validated' : decision.status;
  successor.validation = restored(successor, decision, decision.note);
}

/** The correction moves to the successor and is re-applied; a new machine value it was not made on is a conflict. */
async function carryCorrection(
  run: Carrying,
  old: ExtractedItemRecord,
  correction: CorrectionRecord,
  decision: HumanDecision | undefined,
  successor: NewItem,
  extracted: DecisionBasis,
): Promise<void> {
  await run.ctx.repos.corrections.moveToItem(run.orgId, correction.id, successor.id, run.runId, run.now);
  successor.value = correction.corrected.value;
  successor.value_state = correction.corrected.value_state;
  successor.value_text = old.value_text;
  successor.current_correction_id = correction.id;
  successor.is_corrected = true;
  run.carried.corrections += 1;
  const correctionDecision: HumanDecision = decision ?? {
    status: 'corrected',
    decided_by: correction.updated_by,
    decided_at: correction.updated_at,
    note: correction.note,
    basis: correctionBases(correction)[0],
  };
  const resolvedByRerun = same(successor.extracted.value, correction.corrected.value);
  const actedOn = [...correctionBases(correction), ...(decision ? [decision.basis] : [])];
  if (!resolvedByRerun && !actedOn.some((b) => sameBasis(b, extracted))) {
    run.carried.conflicts += 1;
    successor.candidates = [{ source: 'rerun', value: successor.extracted.value, value_text: successor.extracted.value_text }];
    holdInConflict(successor, { ...correctionDecision, status: 'corrected' }, 'the new extraction differs from the value the correction was made on');
    return;
  }
  successor.validation_status = 'corrected';
  successor.validation = restored(successor, { ...correctionDecision, status: 'corrected' }, resolvedByRerun ? 'resolved_by_rerun' : correctionDecision.note);
}
