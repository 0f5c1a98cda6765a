/**
 * `POST /v1/documents/{id}/snippets`: binds a snippet of the organization to a document with
 * role → entity id bindings. An omitted (or null) ordinal appends after the last binding. Also
 * used by spec sync and by orchestration, which bind snippets the same way.
 */
import { newId } from '../../../../kernel/ids.js';
import type { CommandContext } from '../../../context.js';
import { requireEditableDocument } from '../../../documents/require-document.js';
import { requireSnippet } from '../../snippets/require-snippet.js';
import { assertBoundEntitiesExist } from '../assert-bound-entities.js';
import { assertOrdinal, normalizeEntityBindings } from '../binding-rules.js';
import { type BindingRecord } from '../binding.repository.js';

export interface BindSnippetInput {
  snippetId: string;
  entityBindings?: Record<string, string> | null;
  ordinal?: number | null;
}

/**
 * @throws NotFoundError when the document or the snippet is absent or of another organization.
 * @throws DomainValidationError when the document is finalized, a role is blank, an id names no
 *   entity of the organization, or the ordinal is negative.
 */
export async function bindSnippet(ctx: CommandContext, documentId: string, input: BindSnippetInput): Promise<BindingRecord> {
  const document = await requireEditableDocument(ctx, documentId);
  const snippet = await requireSnippet(ctx, input.snippetId);
  const entityBindings = normalizeEntityBindings(input.entityBindings);
  await assertBoundEntitiesExist(ctx, entityBindings);
  const orgId = ctx.actor.org.orgId;
  const bindings = ctx.repos.bindings;
  const ordinal = input.ordinal === undefined || input.ordinal === null ? await bindings.nextOrdinal(orgId, document.id) : assertOrdinal(input.ordinal);
  const now = ctx.clock.now().toISOString();
  const record: BindingRecord = { id: newId('bind'), documentId: document.id, snippetId: snippet.id, entityBindings, ordinal, createdAt: now, updatedAt: now };
  await bindings.insert(orgId, record);
  await ctx.repos.documents.touch(orgId, document.id, now);
  return record;
}
