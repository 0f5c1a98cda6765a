/**
 * The `corrections` exporter: gold pairs (extracted → corrected) of a document's active
 * corrections, for evaluating processors (§7.5). Written as read: a page of corrections and the
 * items they correct at a time (docs/adr/0731-streaming-exporters.md).
 */
import type { CommandContext } from '../../../context.js';

export async function* correctionPairs(ctx: CommandContext, documentId: string): AsyncGenerator<string> {
  const orgId = ctx.actor.org.orgId;
  yield `{"exporter":"corrections","document_id":${JSON.stringify(documentId)},"pairs":[`;
  let written = 0;
  for await (const page of ctx.repos.corrections.documentCorrectionsInPages(orgId, documentId, { status: 'active' })) {
    const items = new Map((await ctx.repos.items.listByIds(orgId, [...new Set(page.map((c) => c.item_id))])).map((i) => [i.id, i]));
    const pairs = page.map((c) => {
      const item = items.get(c.item_id);
      return JSON.stringify({
        correction_id: c.id,
        item_id: c.item_id,
        key: item?.key ?? null,
        value_type: item?.value_type ?? null,
        processor_id: item?.processor_id ?? null,
        extracted: c.previous.value,
        corrected: c.corrected.value,
        reason: c.reason,
        note: c.note,
      });
    });
    yield `${written === 0 ? '' : ','}${pairs.join(',')}`;
    written += page.length;
  }
  yield ']}';
}
