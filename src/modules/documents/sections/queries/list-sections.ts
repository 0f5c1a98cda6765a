import { type PageRequest, mapPage } from '../../../../storage/keyset-page.js';
import type { CommandContext } from '../../../context.js';
import { requireDocument, requireSection } from '../../require-document.js';
import { presentSectionVersion } from '../section.presenter.js';

/**
 * `GET /sections/{id}/versions`: the section's outputs, newest first.
 *
 * @throws NotFoundError when the document or section is absent or foreign.
 */
export async function listSectionVersions(ctx: CommandContext, documentId: string, sectionId: string, page: PageRequest) {
  const document = await requireDocument(ctx, documentId);
  const section = await requireSection(ctx, document.id, sectionId);
  return mapPage(ctx.repos.sectionVersions.listPage(ctx.actor.org.orgId, section.id, page), presentSectionVersion);
}
