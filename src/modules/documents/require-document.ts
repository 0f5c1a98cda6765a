/**
 * ⚠ TENANCY GATE for documents ⚠ Every use case that touches a document or its children
 * starts here. A document of another organization is "not found", exactly like a missing one
 * (404, never 403), because the repository only ever looks inside the caller's organization.
 */
import { NotFoundError } from '../../kernel/errors.js';
import type { CommandContext } from '../context.js';
import type { DocumentRecord } from './document.repository.js';
import { assertEditable } from './lifecycle.js';

/**
 * @throws NotFoundError when the document is absent or belongs to another organization.
 */
export async function requireDocument(ctx: CommandContext, documentId: string): Promise<DocumentRecord> {
  const document = await ctx.repos.documents.findById(ctx.actor.org.orgId, documentId);
  if (!document) throw new NotFoundError(`document ${documentId} not found`);
  return document;
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
