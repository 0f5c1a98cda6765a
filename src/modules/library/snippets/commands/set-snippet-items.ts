/**
 * `PUT /v1/snippets/{id}/items`: replaces all items; ordinals are 0..N-1 in array order and
 * `[]` clears. Each item names a text or risk block of the organization by key.
 */
import { DomainValidationError } from '../../../../kernel/errors.js';
import { excerpt } from '../../../../kernel/limits.js';
import { newId } from '../../../../kernel/ids.js';
import type { CommandContext } from '../../../context.js';
import { uniqueOrConflict } from '../../library-rules.js';
import { requireSnippet } from '../require-snippet.js';
import { SNIPPET_ITEM_TYPES, type SnippetItemType, type SnippetRecord } from '../snippet.repository.js';

export interface SnippetItemInput {
  itemType: string;
  itemKey: string;
}

function isSnippetItemType(value: string): value is SnippetItemType {
  return (SNIPPET_ITEM_TYPES as readonly string[]).includes(value);
}

/**
 * Resolves item keys to the organization's texts and risk blocks, in order.
 *
 * @throws DomainValidationError naming the first item whose type is unknown or whose key names nothing.
 */
export async function resolveSnippetItems(
  ctx: CommandContext,
  items: readonly SnippetItemInput[],
): Promise<Array<{ itemType: SnippetItemType; targetId: string }>> {
  const orgId = ctx.actor.org.orgId;
  const texts = ctx.repos.texts;
  const blocks = ctx.repos.riskBlocks;
  const resolved: Array<{ itemType: SnippetItemType; targetId: string }> = [];
  for (const [i, item] of items.entries()) {
    if (!isSnippetItemType(item.itemType))
      throw new DomainValidationError(`items[${i}].itemType must be ${SNIPPET_ITEM_TYPES.join(' or ')}, not "${excerpt(item.itemType)}"`);
    const target = item.itemType === 'text' ? await texts.findByKey(orgId, item.itemKey) : await blocks.findByKey(orgId, item.itemKey);
    if (!target)
      throw new DomainValidationError(
        `items[${i}].itemKey "${excerpt(item.itemKey)}" names no ${item.itemType === 'text' ? 'text' : 'risk block'} of this organization`,
      );
    resolved.push({ itemType: item.itemType, targetId: target.id });
  }
  return resolved;
}

/**
 * @throws NotFoundError when the snippet is absent or of another organization.
 * @throws DomainValidationError for an itemType other than text/risk_block or an itemKey that names nothing.
 * @throws ConflictError when another request replaced the same items at the same moment.
 */
export async function setSnippetItems(ctx: CommandContext, snippetId: string, items: readonly SnippetItemInput[]): Promise<SnippetRecord> {
  return ctx.transaction(async (tx) => {
    const snippet = await requireSnippet(tx, snippetId);
    const resolved = await resolveSnippetItems(tx, items);
    const orgId = tx.actor.org.orgId;
    const snippets = tx.repos.snippets;
    // Two concurrent replacements of one snippet's items collide on (snippet_id, ordinal): the
    // loser gets a 409 to retry, never a 500.
    await uniqueOrConflict(
      () =>
        snippets.replaceItems(
          orgId,
          snippet.id,
          resolved.map((item) => ({ id: newId('si'), ...item })),
        ),
      `the items of snippet "${snippet.key}" were replaced concurrently: retry`,
    );
    const now = tx.clock.now().toISOString();
    await snippets.update(orgId, snippet.id, {}, now);
    return { ...snippet, updatedAt: now };
  });
}
