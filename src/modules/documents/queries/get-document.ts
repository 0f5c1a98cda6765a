import type { CommandContext } from '../../context.js';
import { presentDataNeed } from '../data-needs/data-need.presenter.js';
import { presentSection } from '../sections/section.presenter.js';
import { presentDocument, presentField, presentSources } from '../document.presenter.js';
import type { DocumentDetailRows } from '../detail/document-detail.repository.js';
import type { DocumentRecord } from '../document.repository.js';
import { requireDocumentDetail } from '../require-document.js';

/** `{document, sections, sources, fields, dataNeeds}` of a document already in scope (its children in one statement). */
export async function documentDetail(ctx: CommandContext, document: DocumentRecord) {
  return presentDocumentDetail(document, await ctx.repos.documentDetails.childrenOf(ctx.actor.org.orgId, document.id));
}

/** The document detail from rows a caller already read (the staleness query reads the same ones). */
export function presentDocumentDetail(document: DocumentRecord, { sections, fields, dataNeeds, gathered }: DocumentDetailRows) {
  return {
    document: presentDocument(document),
    sections: sections.map(presentSection),
    sources: presentSources(gathered),
    fields: fields.map(presentField),
    dataNeeds: dataNeeds.map(presentDataNeed),
  };
}

/**
 * `GET /v1/documents/{id}`.
 *
 * @throws NotFoundError when absent or foreign.
 */
export async function getDocument(ctx: CommandContext, documentId: string) {
  const { document, ...rows } = await requireDocumentDetail(ctx, documentId);
  return presentDocumentDetail(document, rows);
}
