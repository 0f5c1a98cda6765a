/**
 * Learning from a review (issue 32 item 5, ADR 0511): when a reviewer confirms or corrects an
 * item, the issuer of its document (matched by VAT id, IBAN, name or layout) remembers where
 * the field was — and the document's stable values (IBAN, VAT id) join that issuer's history.
 * Runs inside the decision's transaction. A document without page segments (docx, sheets,
 * text) teaches nothing; neither does a value that cannot be found again on its own page.
 */
import { newId } from '../../../../kernel/ids.js';
import { issuerIdentity, matchIssuer } from '../../../../extraction/memory/issuer-identity.js';
import { learnField, type ReviewedValue } from '../../../../extraction/memory/learn-field.js';
import { STABLE_FIELDS, type HistoryEntry, type IssuerIdentity, type RememberedField } from '../../../../extraction/memory/memory-types.js';
import type { PlacedSegment } from '../../../../extraction/memory/placed-segments.js';
import { recallField } from '../../../../extraction/memory/recall-fields.js';
import { KNOWN_FIELDS } from '../../../../extraction/label-value.js';
import type { Provenance } from '../../../../extraction/types.js';
import type { CommandContext } from '../../../context.js';
import type { CorrectionRecord } from '../../corrections/correction.repository.js';
import type { ExtractedItemRecord } from '../../extracted-items/extracted-item.repository.js';
import type { IssuerMemoryRecord } from '../issuer-memory.repository.js';
import { findValueOnPage } from '../find-value-on-page.js';

/** Only single fields with a known meaning are remembered (a family such as `label.*` has no stable place). */
const LEARNABLE = new Set(KNOWN_FIELDS.map((f) => f.key));

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** One decision to learn from: the item as decided, and its correction when it was corrected. */
export interface Decision {
  item: ExtractedItemRecord;
  correction: CorrectionRecord | null;
}

/** Where the decided value is: the correction's anchors when re-anchored, else the item's. */
function provenanceOf({ item, correction }: Decision): Provenance {
  return correction?.corrected.reanchored ? correction.corrected.provenance : item.provenance;
}

/**
 * The remembered field for one decision, checked by reading it back on its own page: a field
 * that does not give the decided value again (a correction that kept the wrong value's box) is
 * looked for on the page by its value instead, and dropped when it is not there.
 */
function fieldOf(segments: PlacedSegment[], d: Decision, decidedAt: string): RememberedField | null {
  const { item, correction } = d;
  const learned_from = { correction_id: correction?.id ?? null, item_id: item.id, document_id: item.document_id, decided_at: decidedAt };
  const base: Omit<ReviewedValue, 'provenance' | 'raw_text'> = {
    key: item.key,
    label: item.label,
    value_type: item.value_type as ReviewedValue['value_type'],
    value: item.value,
    learned_from,
  };
  const readsBack = (f: RememberedField | null): RememberedField | null => (f && same(recallField(segments, f, '')?.value, item.value) ? f : null);
  const provenance = provenanceOf(d);
  const direct = readsBack(learnField(segments, { ...base, provenance, raw_text: correction ? provenance.quote : item.raw_text }));
  if (direct) return direct;
  const found = findValueOnPage(segments, item.key, item.value_type, item.value);
  return found ? readsBack(learnField(segments, { ...base, provenance: found.provenance, raw_text: found.raw_text })) : null;
}

function mergedIdentity(old: IssuerIdentity | null, now: IssuerIdentity): IssuerIdentity {
  if (!old) return now;
  const union = (a: string[], b: string[]): string[] => [...new Set([...a, ...b])].sort();
  return { name: now.name ?? old.name, vat_ids: union(old.vat_ids, now.vat_ids), ibans: union(old.ibans, now.ibans), fingerprint: now.fingerprint };
}

/** The stable values of the document join the history (once per value). */
function mergedHistory(history: Record<string, HistoryEntry[]>, items: ExtractedItemRecord[], documentId: string, now: string): Record<string, HistoryEntry[]> {
  const out: Record<string, HistoryEntry[]> = { ...history };
  for (const key of STABLE_FIELDS) {
    for (const item of items) {
      if (item.key !== key || typeof item.value !== 'string' || item.validation_status === 'rejected') continue;
      const value = item.value.replace(/[\s.-]+/g, '').toUpperCase();
      const entries = out[key] ?? [];
      if (!entries.some((e) => e.value === value)) out[key] = [...entries, { value, document_id: documentId, seen_at: now }];
    }
  }
  return out;
}

/**
 * Learns from decisions on one document's items (all of the same document). Returns the memory
 * that learned, or null when the document has no page layout.
 */
export async function learnFromReview(ctx: CommandContext, documentId: string, decisions: Decision[]): Promise<IssuerMemoryRecord | null> {
  const orgId = ctx.actor.org.orgId;
  const repos = ctx.repos;
  const learnable = decisions.filter((d) => LEARNABLE.has(d.item.key) && d.item.value_state === 'present' && d.item.occurrence_index === 0);
  const runId = decisions[0]?.item.run_id;
  if (!runId) return null;
  const segments = await repos.issuerMemories.runLayout(orgId, runId);
  if (!segments || segments.length === 0) return null;
  const items = await repos.items.listCurrent(orgId, [documentId]);
  const identity = issuerIdentity(items, segments);
  const memories = await repos.issuerMemories.listAll(orgId);
  const now = ctx.clock.now().toISOString();
  const matched = memories.find((m) => matchIssuer(m.identity, identity) !== null);
  const memory: Omit<IssuerMemoryRecord, 'org_id'> = matched ?? {
    id: newId('imem'),
    name: identity.name,
    identity,
    fields: [],
    history: {},
    applied_count: 0,
    last_applied_at: null,
    created_at: now,
    updated_at: now,
  };
  const fields = new Map(memory.fields.map((f) => [f.key, f]));
  for (const d of learnable) {
    const f = fieldOf(segments, d, now);
    if (f) fields.set(f.key, f);
  }
  const next = {
    ...memory,
    name: identity.name ?? memory.name,
    identity: mergedIdentity(matched?.identity ?? null, identity),
    fields: [...fields.values()].sort((a, b) => a.key.localeCompare(b.key)),
    history: mergedHistory(memory.history, items, documentId, now),
    updated_at: now,
  };
  await repos.issuerMemories.save(orgId, next);
  return { ...next, org_id: orgId };
}

/** Learns from the items of a document that validate-all confirmed at `decidedAt` (none on a dry run). */
export async function learnFromConfirmedAt(ctx: CommandContext, documentId: string, decidedAt: string): Promise<void> {
  const items = await ctx.repos.items.listCurrent(ctx.actor.org.orgId, [documentId]);
  const confirmed = items.filter(
    (i) => i.validation_status === 'validated' && i.validation.decided_at === decidedAt && i.validation.decision_source === 'human',
  );
  if (confirmed.length > 0)
    await learnFromReview(
      ctx,
      documentId,
      confirmed.map((item) => ({ item, correction: null })),
    );
}
