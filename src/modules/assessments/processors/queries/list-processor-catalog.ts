/**
 * `GET /processors` and `GET /processors/{id}`: the static catalog with each processor's
 * effective state (a model-backed one is disabled while no live model is configured) and, per
 * item type, `observed_accuracy` measured on the caller's organization's own decisions.
 */
import { NotFoundError } from '../../../../kernel/errors.js';
import type { ModelGateway } from '../../../../pipeline/ports.js';
import type { CommandContext } from '../../../context.js';
import { type ProcessorCatalogEntry, listProcessors } from '../../../../extraction/processor-catalog.js';
import type { ItemType } from '../../../../extraction/types.js';
import { catalogOptionsOf } from '../choose-processor.js';
import { itemTypeOf } from '../item-type-of.js';
import { type DecisionCount } from '../observed-accuracy.repository.js';

/**
 * §4.3 `observed_accuracy`: `accepted_without_correction` is a share in [0, 1], null when nothing
 * was decided; `correction_reasons` is the reason mix of the corrected ones (§7.5), reason → count.
 */
export interface ObservedAccuracy {
  sample_size: number;
  accepted_without_correction: number | null;
  correction_reasons: Record<string, number>;
}

/** A catalog entry as served, item types with their observed accuracy. */
export type ProcessorCatalogView = Omit<ProcessorCatalogEntry, 'item_types'> & { item_types: Array<ItemType & { observed_accuracy: ObservedAccuracy }> };

/** Reasons in a stable order, so the same decisions always serialize the same. */
function sortedByKey(counts: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)));
}

function share(accepted: number, decided: number): number | null {
  return decided === 0 ? null : Math.round((accepted / decided) * 10_000) / 10_000;
}

/** Adds up the decisions of the entry's current version per item type (a key counts under the type that describes it). */
function withAccuracy(entry: ProcessorCatalogEntry, counts: readonly DecisionCount[]): ProcessorCatalogView {
  const totals = new Map<string, { decided: number; accepted: number; reasons: Record<string, number> }>();
  for (const c of counts) {
    if (c.processor_id !== entry.id || c.processor_version !== entry.version) continue;
    const type = itemTypeOf(entry.id, c.key);
    if (!type) continue;
    const t = totals.get(type.key) ?? { decided: 0, accepted: 0, reasons: {} };
    t.decided += c.decided;
    t.accepted += c.accepted;
    for (const [reason, n] of Object.entries(c.correction_reasons)) t.reasons[reason] = (t.reasons[reason] ?? 0) + n;
    totals.set(type.key, t);
  }
  return {
    ...entry,
    item_types: entry.item_types.map((type) => {
      const t = totals.get(type.key) ?? { decided: 0, accepted: 0, reasons: {} };
      return {
        ...type,
        observed_accuracy: { sample_size: t.decided, accepted_without_correction: share(t.accepted, t.decided), correction_reasons: sortedByKey(t.reasons) },
      };
    }),
  };
}

/** The whole catalog for the caller's organization. */
export async function listProcessorCatalog(ctx: CommandContext, model: Pick<ModelGateway, 'status'>): Promise<ProcessorCatalogView[]> {
  const options = catalogOptionsOf(model);
  const counts = await ctx.repos.observedAccuracy.decisionCounts(ctx.actor.org.orgId);
  const status = model.status();
  return (await listProcessors(options)).map((entry) => {
    // Which model a model-backed processor would use is part of its engine.
    const engine = entry.requires_model && options.model_available ? { ...entry.engine, model: status.gatherModel } : entry.engine;
    return withAccuracy({ ...entry, engine }, counts);
  });
}

/**
 * One processor by id or name.
 *
 * @throws NotFoundError when no processor has that id or name.
 */
export async function getProcessorEntry(ctx: CommandContext, model: Pick<ModelGateway, 'status'>, idOrName: string): Promise<ProcessorCatalogView> {
  const found = (await listProcessorCatalog(ctx, model)).find((p) => p.id === idOrName || p.name === idOrName);
  if (!found) throw new NotFoundError(`processor ${idOrName} not found`);
  return found;
}
