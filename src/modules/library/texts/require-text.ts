/**
 * ⚠ TENANCY GATE for texts ⚠ A text of another organization is "not found", exactly like a
 * missing one (404, never 403): the repository only looks inside the caller's organization.
 */
import { NotFoundError } from '../../../kernel/errors.js';
import type { CommandContext } from '../../context.js';
import { type TextRecord } from './text.repository.js';

/**
 * @throws NotFoundError when the text is absent or belongs to another organization.
 */
export async function requireText(ctx: CommandContext, textId: string): Promise<TextRecord> {
  const text = await ctx.repos.texts.findById(ctx.actor.org.orgId, textId);
  if (!text) throw new NotFoundError(`text ${textId} not found`);
  return text;
}
