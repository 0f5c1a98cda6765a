/**
 * Before a run's items are stored (issue 32 item 5, ADR 0511): the issuer the document matches
 * in the organization's memory gives the fields it remembers, with provenance naming the
 * decision they were learned from; and the document's stable values (IBAN, VAT id) are checked
 * against that issuer's history — a value never confirmed for it is flagged for review.
 */
import { issuerIdentity, matchIssuer, type MatchedBy } from '../../../../extraction/memory/issuer-identity.js';
import { STABLE_FIELDS } from '../../../../extraction/memory/memory-types.js';
import { recallFields } from '../../../../extraction/memory/recall-fields.js';
import type { ProcessorResult } from '../../../../extraction/types.js';
import type { CommandContext } from '../../../context.js';
import type { ExtractedItemRecord } from '../../extracted-items/extracted-item.repository.js';

/** A stable value that differs from the issuer's history. */
export interface HistoryChange {
  key: string;
  message: string;
}

/** The result with remembered fields recalled, and what to flag. */
export interface Recall {
  result: ProcessorResult;
  memory_id: string | null;
  matched_by: MatchedBy | null;
  changes: HistoryChange[];
}

const NAMES: Record<string, string> = { 'payment.iban': 'IBAN', 'tax.id': 'VAT id' };

/** The run's result with the matching issuer's fields recalled (unchanged when no issuer matches). */
export async function recallIssuerMemory(ctx: CommandContext, result: ProcessorResult): Promise<Recall> {
  const none: Recall = { result, memory_id: null, matched_by: null, changes: [] };
  const segments = result.layout_segments ?? [];
  if (segments.length === 0 || result.items.length === 0) return none;
  const orgId = ctx.actor.org.orgId;
  const memories = await ctx.repos.issuerMemories.listAll(orgId);
  if (memories.length === 0) return none;
  const identity = issuerIdentity(result.items, segments);
  // The strongest match wins: an identifier over a name over the layout alone.
  const order: MatchedBy[] = ['vat_id', 'iban', 'name', 'layout'];
  const ranked = memories
    .map((m) => ({ m, by: matchIssuer(m.identity, identity) }))
    .filter((x): x is { m: (typeof memories)[number]; by: MatchedBy } => x.by !== null)
    .sort((a, b) => order.indexOf(a.by) - order.indexOf(b.by));
  const hit = ranked[0];
  if (!hit) return none;
  const { items } = recallFields(result.items, segments, hit.m.fields, hit.m.id);
  const changes: HistoryChange[] = [];
  for (const key of STABLE_FIELDS) {
    const known = hit.m.history[key] ?? [];
    if (known.length === 0) continue;
    for (const item of items) {
      if (item.key !== key || typeof item.value !== 'string') continue;
      const value = item.value.replace(/[\s.-]+/g, '').toUpperCase();
      if (known.some((e) => e.value === value)) continue;
      changes.push({
        key,
        message: `the ${NAMES[key]} differs from the one confirmed on this issuer's earlier documents (${known.map((e) => e.value).join(', ')})`,
      });
    }
  }
  await ctx.repos.issuerMemories.markApplied(orgId, hit.m.id, ctx.clock.now().toISOString());
  return { result: { ...result, items }, memory_id: hit.m.id, matched_by: hit.by, changes };
}

/** Flags the stored items whose stable value changed: needs review, with the reason as a blocker. */
export function flagHistoryChanges(items: Array<Omit<ExtractedItemRecord, 'org_id'>>, changes: HistoryChange[]): void {
  for (const change of changes) {
    for (const item of items) {
      if (item.key !== change.key) continue;
      item.validation_status = 'needs_review';
      item.validation = { ...item.validation, blockers: [...item.validation.blockers, { type: 'issuer_history_changed', message: change.message }] };
    }
  }
}
