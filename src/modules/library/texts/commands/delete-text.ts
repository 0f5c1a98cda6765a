/**
 * `DELETE /v1/texts/{id}`. A text still used by snippets is not deleted: the answer names the
 * snippets, so the user removes it from them first (no silent cascade into clauses).
 */
import { DomainValidationError } from '../../../../kernel/errors.js';
import type { CommandContext } from '../../../context.js';
import { requireText } from '../require-text.js';

/**
 * @throws NotFoundError when the text is absent or of another organization.
 * @throws DomainValidationError when snippets still use the text.
 */
export async function deleteText(ctx: CommandContext, textId: string): Promise<void> {
  const orgId = ctx.actor.org.orgId;
  await ctx.transaction(async (tx) => {
    const text = await requireText(tx, textId);
    const users = await tx.repos.snippets.keysUsing(orgId, 'text', text.id);
    if (users.length > 0)
      throw new DomainValidationError(`text "${text.key}" is used by snippets ${users.map((k) => `"${k}"`).join(', ')}: remove it from their items first`);
    await tx.repos.texts.delete(orgId, text.id);
  });
}
