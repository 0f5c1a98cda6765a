/**
 * Bridge for the /v1 data-need kind `assessment` (§7.1): the validated values of an assessment
 * with citations (document, page, quote) the verify stage can check. For the generation
 * pipeline; it is not wired in here.
 */
import type { CommandContext } from '../../context.js';
import { requireAssessment } from '../assessments/require-assessment.js';
import type { ExtractedItemRecord } from '../extracted-items/extracted-item.repository.js';
import { firstPage } from '../exporters/select-items.js';
import { cellLocator } from './cell-locator.js';
import { valueText } from '../../../extraction/items.js';
import type { ValueType } from '../../../extraction/types.js';

export interface NeedCitation {
  document_id: string;
  filename: string;
  page_number: number | null;
  /** Where in the file when a page does not say it: a sheet cell (`Fees!B4`), a Word table cell (`table 1, row 2, cell 3`). */
  locator: string | null;
  /**
   * What the source says: the file's verbatim quote, or for a corrected item the corrected
   * value with its provenance (`1300.00 EUR (corrected by a@acme.test, was "EUR 1,190.00")`).
   */
  quote: string;
  /** What a claim citing it is checked against: the quote, or the corrected value alone (never the value it replaced). */
  text: string;
  item_id: string;
  /** The item's active correction, when a person corrected it. */
  correction_id: string | null;
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
 * The quote of an item's citation. A corrected item's value is what its source says from then
 * on: the quote states the corrected value, who corrected it and what the file said before,
 * and claims are checked against the corrected value only (the replaced value must not back a
 * claim). A correction that re-anchored the value to new text of the file also quotes that text.
 */
async function whatTheSourceSays(ctx: CommandContext, item: ExtractedItemRecord): Promise<Pick<NeedCitation, 'quote' | 'text' | 'correction_id'>> {
  const correction =
    item.current_correction_id && item.validation_status === 'corrected'
      ? await ctx.repos.corrections.findById(ctx.actor.org.orgId, item.current_correction_id)
      : undefined;
  if (!correction || correction.status !== 'active' || item.value_text === null)
    return { quote: item.provenance.quote, text: item.provenance.quote, correction_id: null };
  const was = correction.previous.provenance.quote.trim() || (valueText(item.value_type as ValueType, correction.previous.value) ?? 'no value');
  const anchored = correction.corrected.reanchored && correction.corrected.provenance.quote.trim() !== '' ? correction.corrected.provenance.quote : null;
  const value = anchored ? `${item.value_text} ("${anchored}")` : item.value_text;
  return {
    quote: `${value} (corrected by ${correction.updated_by}, was "${was}")`,
    text: anchored ? `${item.value_text}\n${anchored}` : item.value_text,
    correction_id: correction.id,
  };
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
  const items = (
    await repos.items.listCurrent(
      orgId,
      docs.map((d) => d.id),
    )
  ).filter((i) => eligible(i, args) && (args.item_key === undefined || i.key === args.item_key));
  const best = new Map<string, ExtractedItemRecord>();
  for (const item of items) {
    const current = best.get(item.key);
    if (!current || rank(item) > rank(current)) best.set(item.key, item);
  }
  const chosen = [...best.values()];
  const citations: NeedCitation[] = [];
  for (const item of chosen) {
    const place = {
      document_id: item.document_id,
      filename: names.get(item.document_id) ?? '',
      page_number: firstPage(item),
      locator: cellLocator(item.provenance.anchors),
      item_id: item.id,
    };
    citations.push({ ...place, ...(await whatTheSourceSays(ctx, item)) });
  }
  if (args.item_key !== undefined) return { value_text: chosen[0]?.value_text ?? null, citations };
  const map: Record<string, string> = {};
  for (const i of chosen) if (i.value_text !== null) map[i.key] = i.value_text;
  return { value_text: map, citations };
}
