/**
 * Bridge for the /v1 data-need kind `assessment` (§7.1): the validated values of an assessment
 * with citations (document, page, quote) the verify stage can check. For the generation
 * pipeline; it is not wired in here.
 */
import type { CommandContext } from '../../context.js';
import { requireAssessment } from '../assessments/require-assessment.js';
import type { ExtractedItemRecord } from '../extracted-items/extracted-item.repository.js';
import { firstPage } from '../exporters/select-items.js';

export interface NeedCitation {
  document_id: string;
  filename: string;
  page_number: number | null;
  quote: string;
  item_id: string;
}

export interface ValidatedItemsForNeed {
  /** The value of `item_key`, or a key → value_text map of every selected item when no key is given. */
  value_text: string | null | Record<string, string>;
  citations: NeedCitation[];
}

export interface NeedArgs {
  assessment_id: string;
  item_key?: string;
  /** `validated_only` (default): validated, corrected or auto-validated; `best_available`: any item with a value. */
  policy?: 'validated_only' | 'best_available';
  min_confidence?: number;
}

const ACCEPTED = new Set(['validated', 'corrected', 'auto_validated']);

function eligible(item: ExtractedItemRecord, args: NeedArgs): boolean {
  if (item.value_text === null || item.validation_status === 'rejected') return false;
  const human = item.validation_status === 'validated' || item.validation_status === 'corrected';
  if (args.min_confidence !== undefined && !human && (item.confidence.overall ?? 0) < args.min_confidence) return false;
  return (args.policy ?? 'validated_only') === 'best_available' || ACCEPTED.has(item.validation_status);
}

/** Ranks human decisions first, then confidence. */
function rank(item: ExtractedItemRecord): number {
  const human = item.validation_status === 'validated' || item.validation_status === 'corrected' ? 2 : 0;
  return human + (item.confidence.overall ?? 0);
}

/**
 * @throws NotFoundError when the assessment is absent or belongs to another organization.
 */
export async function validatedItemsForNeed(ctx: CommandContext, args: NeedArgs): Promise<ValidatedItemsForNeed> {
  const assessment = await requireAssessment(ctx, args.assessment_id);
  const orgId = ctx.actor.org.orgId;
  const repos = ctx.repos;
  const docs = await repos.sourceDocuments.listByAssessment(orgId, assessment.id);
  const names = new Map(docs.map((d) => [d.id, d.filename]));
  const items = (await repos.items.listCurrent(orgId, docs.map((d) => d.id))).filter((i) => eligible(i, args) && (args.item_key === undefined || i.key === args.item_key));
  const best = new Map<string, ExtractedItemRecord>();
  for (const item of items) {
    const current = best.get(item.key);
    if (!current || rank(item) > rank(current)) best.set(item.key, item);
  }
  const chosen = [...best.values()];
  const citations = chosen.map((i) => ({ document_id: i.document_id, filename: names.get(i.document_id) ?? '', page_number: firstPage(i), quote: i.provenance.quote, item_id: i.id }));
  if (args.item_key !== undefined) return { value_text: chosen[0]?.value_text ?? null, citations };
  const map: Record<string, string> = {};
  for (const i of chosen) if (i.value_text !== null) map[i.key] = i.value_text;
  return { value_text: map, citations };
}
