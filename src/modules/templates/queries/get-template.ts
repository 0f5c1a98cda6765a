import { NotFoundError } from '../../../kernel/errors.js';
import type { CommandContext } from '../../context.js';
import type { DocumentRecord } from '../../documents/document.repository.js';

/**
 * A template by slug in the caller's organization; a slug that exists only elsewhere is 404.
 *
 * @throws NotFoundError when no template of the organization has the slug.
 */
export async function requireTemplateBySlug(ctx: CommandContext, slug: string): Promise<DocumentRecord> {
  const template = await ctx.repos.documents.findTemplateBySlug(ctx.actor.org.orgId, slug);
  if (!template) throw new NotFoundError(`template ${slug} not found`);
  return template;
}
