/** `DELETE …/word-template`: the document or template goes back to the built-in layouts; its file is removed. */
import { NotFoundError } from '../../../kernel/errors.js';
import type { CommandContext } from '../../context.js';
import type { DocumentRecord } from '../../documents/document.repository.js';
import type { WordTemplateServices } from '../word-template-services.js';

/** @throws NotFoundError when it has no Word template of its own. */
export async function deleteWordTemplate(ctx: CommandContext, services: Pick<WordTemplateServices, 'blobs'>, owner: DocumentRecord): Promise<void> {
  const orgId = ctx.actor.org.orgId;
  const blobKey = await ctx.transaction((tx) => tx.repos.wordTemplates.remove(orgId, owner.id));
  if (blobKey === null) throw new NotFoundError(`${owner.isTemplate ? 'template' : 'document'} ${owner.slug ?? owner.id} has no Word template`);
  await services.blobs.delete(orgId, blobKey);
}
