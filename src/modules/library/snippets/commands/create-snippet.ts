/** `POST /v1/snippets`: a snippet without items (set them with `PUT /items`); `key` unique per organization. */
import { ConflictError } from '../../../../kernel/errors.js';
import { newId } from '../../../../kernel/ids.js';
import type { CommandContext } from '../../../context.js';
import { requiredString, uniqueOrConflict } from '../../library-rules.js';
import { type SnippetRecord } from '../snippet.repository.js';

export interface CreateSnippetInput {
  key: string;
  name?: string | null;
  description?: string | null;
  phaseOrder?: number;
}

export const duplicateSnippetKey = (key: string) => `a snippet with key "${key}" already exists in this organization`;

/**
 * @throws DomainValidationError for a blank key.
 * @throws ConflictError when the key is taken in the organization.
 */
export async function createSnippet(ctx: CommandContext, input: CreateSnippetInput): Promise<SnippetRecord> {
  const key = requiredString(input.key, 'key', { isKey: true });
  const orgId = ctx.actor.org.orgId;
  const snippets = ctx.repos.snippets;
  if (await snippets.findByKey(orgId, key)) throw new ConflictError(duplicateSnippetKey(key));
  const now = ctx.clock.now().toISOString();
  const record: SnippetRecord = {
    id: newId('snip'),
    key,
    name: input.name ?? null,
    description: input.description ?? null,
    phaseOrder: input.phaseOrder ?? 0,
    createdAt: now,
    updatedAt: now,
  };
  return uniqueOrConflict(() => snippets.insert(orgId, record), duplicateSnippetKey(key));
}
