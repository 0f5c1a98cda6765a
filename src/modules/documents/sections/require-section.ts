import { NotFoundError } from '../../../kernel/errors.js';
import type { CommandContext } from '../../context.js';
import type { SectionRecord } from './section.repository.js';

/**
 * A section of a document already gated by `requireDocument`; foreign or absent → 404.
 *
 * @throws NotFoundError when the section is not in the document.
 */
export async function requireSection(ctx: CommandContext, documentId: string, sectionId: string): Promise<SectionRecord> {
  const section = await ctx.repos.sections.findById(ctx.actor.org.orgId, documentId, sectionId);
  if (!section) throw new NotFoundError(`section ${sectionId} not found`);
  return section;
}
