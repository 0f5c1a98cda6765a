import type { CommandContext } from '../../context.js';
import { presentDataNeed } from '../data-needs/data-need.presenter.js';
import { presentSection } from '../sections/section.presenter.js';
import { presentDocument, presentField, presentSources } from '../document.presenter.js';
import type { DataNeedRecord } from '../data-needs/data-need.repository.js';
import type { GatheredValueRecord } from '../data-needs/gathered-value.repository.js';
import type { FieldRecord } from '../fields/field.repository.js';
import type { SectionRecord } from '../sections/section.repository.js';
import type { DocumentRecord } from '../document.repository.js';
import { requireDocument } from '../require-document.js';

/** The rows a document detail is presented from. */
export interface DocumentDetailRows {
  sections: SectionRecord[];
  fields: FieldRecord[];
  dataNeeds: DataNeedRecord[];
  gathered: GatheredValueRecord[];
}

/** `{document, sections, sources, fields, dataNeeds}` of a document already in scope. */
export async function documentDetail(ctx: CommandContext, document: DocumentRecord) {
  const orgId = ctx.actor.org.orgId;
  const [sections, fields, dataNeeds, gathered] = await Promise.all([
    ctx.repos.sections.listByDocument(orgId, document.id),
    ctx.repos.fields.listByDocument(orgId, document.id),
    ctx.repos.dataNeeds.listByDocument(orgId, document.id),
    ctx.repos.gathered.latestByDocument(orgId, document.id),
  ]);
  return presentDocumentDetail(document, { sections, fields, dataNeeds, gathered });
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
  return documentDetail(ctx, await requireDocument(ctx, documentId));
}
