/**
 * ⚠ TENANCY GATE for the document family ⚠ The one place that decides whether a document, or a
 * section or data-need of it, is the caller's. Every use case that touches a document or its
 * children starts here. A document of another organization is "not found", exactly like a missing one
 * (404, never 403), because the repository only ever looks inside the caller's organization.
 */
import { NotFoundError } from '../../kernel/errors.js';
import type { CommandContext } from '../context.js';
import type { DataNeedRecord } from './data-needs/data-need.repository.js';
import type { DocumentDetailRecord } from './detail/document-detail.repository.js';
import type { DocumentRecord } from './document.repository.js';
import { assertEditable } from './lifecycle.js';
import type { SectionRecord } from './sections/section.repository.js';

/**
 * @throws NotFoundError when the document is absent or belongs to another organization.
 */
export async function requireDocument(ctx: CommandContext, documentId: string): Promise<DocumentRecord> {
  const document = await ctx.repos.documents.findById(ctx.actor.org.orgId, documentId);
  if (!document) throw new NotFoundError(`document ${documentId} not found`);
  return document;
}

/**
 * The same gate for a read that wants the whole detail: the document and its sections, fields,
 * data needs and gathered rows, read in one statement (the children only if the document is
 * the caller's).
 *
 * @throws NotFoundError when the document is absent or belongs to another organization.
 */
export async function requireDocumentDetail(ctx: CommandContext, documentId: string): Promise<DocumentDetailRecord> {
  const detail = await ctx.repos.documentDetails.findById(ctx.actor.org.orgId, documentId);
  if (!detail) throw new NotFoundError(`document ${documentId} not found`);
  return detail;
}

/**
 * The gate for content edits: found, in scope, and not finalized.
 *
 * @throws NotFoundError when absent or foreign; DomainValidationError when finalized.
 */
export async function requireEditableDocument(ctx: CommandContext, documentId: string): Promise<DocumentRecord> {
  const document = await requireDocument(ctx, documentId);
  assertEditable(document);
  return document;
}

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

/**
 * A data-need of an already gated document; absent or foreign → 404.
 *
 * @throws NotFoundError when the need is not in the document.
 */
export async function requireDataNeed(ctx: CommandContext, documentId: string, needId: string): Promise<DataNeedRecord> {
  const need = await ctx.repos.dataNeeds.findById(ctx.actor.org.orgId, documentId, needId);
  if (!need) throw new NotFoundError(`data-need ${needId} not found`);
  return need;
}
