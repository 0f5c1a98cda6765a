import type { CommandContext } from '../../context.js';
import { requireDocument } from '../../documents/require-document.js';
import { canonicalSpec } from '../canonical-spec.js';
import { entitiesOfDocument } from '../spec-entities.js';

/**
 * `GET /v1/documents/{id}/spec`: the canonical spec of a template or document.
 *
 * @throws NotFoundError when absent or foreign.
 */
export async function getDocumentSpec(ctx: CommandContext, documentId: string) {
  const document = await requireDocument(ctx, documentId);
  const orgId = ctx.actor.org.orgId;
  const [fields, sections, dataNeeds, entities] = await Promise.all([
    ctx.repos.fields.listByDocument(orgId, document.id),
    ctx.repos.sections.listByDocument(orgId, document.id),
    ctx.repos.dataNeeds.listByDocument(orgId, document.id),
    entitiesOfDocument(ctx, document.id),
  ]);
  return canonicalSpec({ document, fields, sections, dataNeeds, entities });
}
