/**
 * The gather stage's `assessment` lookup. Unlike a run's other inputs (inputs/) it is read per
 * need, when the need runs: its value changes with every review decision, so it is never
 * cached (gather-ports.ts) and a correction reaches the next run.
 */
import type { DataNeed, GatheredValue } from '../../pipeline/data-need.js';
import { validatedItemsForNeed } from '../assessments/bridge/validated-items-for-need.js';
import type { CommandContext } from '../context.js';

/**
 * An `assessment` need: the assessment's validated items (or the best available, by policy),
 * with a source that cites the file, page and verbatim quote, so verify checks claims against
 * what the file says.
 */
export async function assessmentValueForNeed(ctx: CommandContext, need: DataNeed): Promise<Pick<GatheredValue, 'value' | 'source'>> {
  const args = need.args ?? {};
  const itemKey = typeof args.item_key === 'string' ? args.item_key : undefined;
  const result = await validatedItemsForNeed(ctx, {
    assessment_id: String(args.assessment_id ?? ''),
    item_key: itemKey,
    policy: args.policy === 'best_available' ? 'best_available' : 'validated_only',
    min_confidence: typeof args.min_confidence === 'number' ? args.min_confidence : undefined,
  });
  if (result.value_text === null)
    throw new Error(`assessment ${String(args.assessment_id)} has no ${itemKey ? `validated value for "${itemKey}"` : 'validated items'}`);
  const first = result.citations[0];
  // One place cited: the title names the file, `page` the page and `locator` the cell (the
  // Sources list and the notes add them). Several: the title lists each file with its place.
  const places = [...new Set(result.citations.map((c) => [c.filename, c.page_number ? `p. ${c.page_number}` : null, c.locator].filter(Boolean).join(', ')))];
  const single = places.length === 1;
  return {
    value: result.value_text,
    source: first
      ? {
          title: single ? first.filename : places.join('; '),
          kind: 'assessment',
          documentId: first.document_id,
          page: single ? first.page_number : null,
          locator: single ? first.locator : null,
          quote: result.citations.map((c) => c.quote).join(' … '),
          text: result.citations.map((c) => c.text).join('\n'),
          itemIds: result.citations.map((c) => c.item_id),
        }
      : null,
  };
}
