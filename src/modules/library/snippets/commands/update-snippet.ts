/**
 * `PATCH /v1/snippets/{id}`: only the keys sent change; `null` clears name and description,
 * `null` phaseOrder is the default 0; a snippet always keeps a key (null or blank → 422).
 */
import { ConflictError } from '../../../../kernel/errors.js';
import type { CommandContext } from '../../../context.js';
import { assertNotEmptyUpdate, requiredString, uniqueOrConflict } from '../../library-rules.js';
import { requireSnippet } from '../require-snippet.js';
import { type SnippetChanges, type SnippetRecord } from '../snippet.repository.js';
import { duplicateSnippetKey } from './create-snippet.js';

export interface UpdateSnippetInput {
  key?: string | null;
  name?: string | null;
  description?: string | null;
  phaseOrder?: number | null;
}

/** The changes an update body asks for (shared with spec sync). */
export function snippetChangesOf(input: UpdateSnippetInput): SnippetChanges {
  const changes: SnippetChanges = {};
  if (input.key !== undefined) changes.key = requiredString(input.key, 'key', { isKey: true });
  if (input.name !== undefined) changes.name = input.name;
  if (input.description !== undefined) changes.description = input.description;
  if (input.phaseOrder !== undefined) changes.phaseOrder = input.phaseOrder ?? 0;
  return changes;
}

/**
 * @throws NotFoundError when the snippet is absent or of another organization.
 * @throws DomainValidationError for `{}` or a null/blank key.
 * @throws ConflictError when the new key is taken in the organization.
 */
export async function updateSnippet(ctx: CommandContext, snippetId: string, input: UpdateSnippetInput): Promise<SnippetRecord> {
  assertNotEmptyUpdate(input, ['key', 'name', 'description', 'phaseOrder']);
  const snippet = await requireSnippet(ctx, snippetId);
  const changes = snippetChangesOf(input);
  const orgId = ctx.actor.org.orgId;
  const snippets = ctx.repos.snippets;
  if (changes.key !== undefined && changes.key !== snippet.key && (await snippets.findByKey(orgId, changes.key)))
    throw new ConflictError(duplicateSnippetKey(changes.key));
  const now = ctx.clock.now().toISOString();
  await uniqueOrConflict(() => snippets.update(orgId, snippet.id, changes, now), duplicateSnippetKey(changes.key ?? snippet.key));
  return { ...snippet, ...changes, updatedAt: now };
}
