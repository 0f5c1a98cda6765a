/** `DELETE /v1/documents/{id}/snippets/{binding_id}`: the snippet itself stays in the library. */
import type { CommandContext } from '../../../context.js';
import { requireEditableDocument } from '../../../documents/require-document.js';
import { requireBinding } from '../require-binding.js';

/**
 * @throws NotFoundError when the document or the binding is absent or of another organization.
 * @throws DomainValidationError when the document is finalized.
 */
export async function unbindSnippet(ctx: CommandContext, documentId: string, bindingId: string): Promise<void> {
  const document = await requireEditableDocument(ctx, documentId);
  const binding = await requireBinding(ctx, document.id, bindingId);
  const orgId = ctx.actor.org.orgId;
  await ctx.repos.bindings.delete(orgId, document.id, binding.id);
  await ctx.repos.documents.touch(orgId, document.id, ctx.clock.now().toISOString());
}
