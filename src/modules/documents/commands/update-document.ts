/**
 * `PATCH /v1/documents/{id}`: only the keys sent change. `description: null` clears it;
 * `isTemplate` promotes (a slug is derived from the title) or demotes the document.
 */
import { DomainValidationError } from '../../../kernel/errors.js';
import { slugify, uniqueSlug } from '../../../kernel/slug.js';
import type { CommandContext } from '../../context.js';
import type { DocumentChanges, DocumentRecord } from '../document.repository.js';
import { requireDocument } from '../require-document.js';
import { publishDocumentChange } from '../../live/publish-change.js';

export interface UpdateDocumentInput {
  title?: string | null;
  description?: string | null;
  isTemplate?: boolean | null;
}

/**
 * @throws NotFoundError when the document is absent or foreign.
 * @throws DomainValidationError for an empty body or a blank/null title.
 */
export async function updateDocument(ctx: CommandContext, documentId: string, input: UpdateDocumentInput): Promise<DocumentRecord> {
  if (Object.keys(input).length === 0) throw new DomainValidationError('nothing to update: send at least one of title, description, isTemplate');
  const orgId = ctx.actor.org.orgId;
  const document = await requireDocument(ctx, documentId);
  const changes: DocumentChanges = { updatedAt: ctx.clock.now().toISOString() };
  if (input.title !== undefined) {
    if (input.title === null || input.title.trim() === '') throw new DomainValidationError('title must not be blank');
    changes.title = input.title.trim();
  }
  if (input.description !== undefined) changes.description = input.description;
  if (input.isTemplate !== undefined && input.isTemplate !== null && input.isTemplate !== document.isTemplate) {
    changes.isTemplate = input.isTemplate;
    if (input.isTemplate && !document.slug) {
      changes.slug = await uniqueSlug(slugify(changes.title ?? document.title), (s) => ctx.repos.documents.slugExists(orgId, s));
    }
  }
  await ctx.transaction(async (tx) => {
    await tx.repos.documents.update(orgId, document.id, changes);
    await publishDocumentChange(tx, document.id, { kind: 'document.changed' });
  });
  return { ...document, ...(changes as Partial<DocumentRecord>), updatedAt: changes.updatedAt };
}
