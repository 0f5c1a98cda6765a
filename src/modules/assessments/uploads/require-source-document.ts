/**
 * ⚠ TENANCY GATE for source documents ⚠ Another organization's document is "not found" (404).
 */
import { NotFoundError } from '../../../kernel/errors.js';
import type { CommandContext } from '../../context.js';
import type { SourceDocumentRecord } from './source-document.repository.js';

/** @throws NotFoundError when the document is absent or belongs to another organization. */
export async function requireSourceDocument(ctx: CommandContext, documentId: string): Promise<SourceDocumentRecord> {
  const doc = await ctx.repos.sourceDocuments.findById(ctx.actor.org.orgId, documentId);
  if (!doc) throw new NotFoundError(`document ${documentId} not found`);
  return doc;
}
