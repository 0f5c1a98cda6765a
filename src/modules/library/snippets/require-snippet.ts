/**
 * ⚠ TENANCY GATE for snippets ⚠ A snippet of another organization is "not found", exactly
 * like a missing one (404, never 403): the repository only looks inside the caller's organization.
 */
import { NotFoundError } from '../../../kernel/errors.js';
import type { CommandContext } from '../../context.js';
import { type SnippetRecord } from './snippet.repository.js';

/**
 * @throws NotFoundError when the snippet is absent or belongs to another organization.
 */
export async function requireSnippet(ctx: CommandContext, snippetId: string): Promise<SnippetRecord> {
  const snippet = await ctx.repos.snippets.findById(ctx.actor.org.orgId, snippetId);
  if (!snippet) throw new NotFoundError(`snippet ${snippetId} not found`);
  return snippet;
}
