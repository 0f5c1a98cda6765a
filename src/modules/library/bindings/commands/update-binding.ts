/**
 * `PATCH /v1/documents/{id}/snippets/{binding_id}`: only the keys sent change; `null`
 * entityBindings clears them, `null` ordinal moves the binding after the last one.
 */
import type { CommandContext } from '../../../context.js';
import { requireEditableDocument } from '../../../documents/require-document.js';
import { assertNotEmptyUpdate } from '../../library-rules.js';
import { assertBoundEntitiesExist } from '../assert-bound-entities.js';
import { assertOrdinal, normalizeEntityBindings } from '../binding-rules.js';
import { type BindingChanges, type BindingRecord } from '../binding.repository.js';
import { requireBinding } from '../require-binding.js';

export interface UpdateBindingInput {
  entityBindings?: Record<string, string> | null;
  ordinal?: number | null;
}

/**
 * @throws NotFoundError when the document or the binding is absent or of another organization.
 * @throws DomainValidationError for `{}`, a finalized document, a blank role, an id naming no
 *   entity of the organization, or a negative ordinal.
 */
export async function updateBinding(ctx: CommandContext, documentId: string, bindingId: string, input: UpdateBindingInput): Promise<BindingRecord> {
  assertNotEmptyUpdate(input, ['entityBindings', 'ordinal']);
  const document = await requireEditableDocument(ctx, documentId);
  const binding = await requireBinding(ctx, document.id, bindingId);
  const orgId = ctx.actor.org.orgId;
  const bindings = ctx.repos.bindings;
  const changes: BindingChanges = {};
  if (input.entityBindings !== undefined) {
    changes.entityBindings = normalizeEntityBindings(input.entityBindings);
    await assertBoundEntitiesExist(ctx, changes.entityBindings);
  }
  if (input.ordinal !== undefined) changes.ordinal = input.ordinal === null ? await bindings.nextOrdinal(orgId, document.id) : assertOrdinal(input.ordinal);
  const now = ctx.clock.now().toISOString();
  await bindings.update(orgId, document.id, binding.id, changes, now);
  await ctx.repos.documents.touch(orgId, document.id, now);
  return { ...binding, ...changes, updatedAt: now };
}
