/**
 * The bindings a spec asks for: its snippets with `bind: true` are bound to the spec's document
 * with their `entityBindings`, in the spec's order. `create` mode only adds missing bindings;
 * `desired` mode also updates entity bindings, restores the spec's order and unbinds snippets
 * the spec no longer binds. A binding that already matches is not written.
 */
import { newId } from '../../../kernel/ids.js';
import type { CommandContext } from '../../context.js';
import type { DocumentRecord } from '../../documents/document.repository.js';
import { normalizeEntityBindings } from '../bindings/binding-rules.js';
import type { SnippetRecord } from '../snippets/snippet.repository.js';
import type { SyncMode } from './sync-spec-entity.js';

export interface WantedBinding {
  snippet: SnippetRecord;
  entityBindings: Record<string, string> | null | undefined;
  path: string;
}

/** @throws DomainValidationError for a blank role in entityBindings. */
export async function syncSpecBindings(ctx: CommandContext, document: DocumentRecord, wanted: readonly WantedBinding[], mode: SyncMode): Promise<boolean> {
  const orgId = ctx.actor.org.orgId;
  const repo = ctx.repos.bindings;
  const now = ctx.clock.now().toISOString();
  const current = await repo.listByDocument(orgId, document.id);
  let wrote = false;
  let next = await repo.nextOrdinal(orgId, document.id);
  const keptIds: string[] = [];
  for (const want of wanted) {
    const entityBindings = normalizeEntityBindings(want.entityBindings);
    const existing = current.find((b) => b.snippetId === want.snippet.id && !keptIds.includes(b.id));
    if (!existing) {
      const id = newId('bind');
      await repo.insert(orgId, { id, documentId: document.id, snippetId: want.snippet.id, entityBindings, ordinal: next++, createdAt: now, updatedAt: now });
      keptIds.push(id);
      wrote = true;
      continue;
    }
    keptIds.push(existing.id);
    if (mode === 'desired' && JSON.stringify(existing.entityBindings) !== JSON.stringify(entityBindings)) {
      await repo.update(orgId, document.id, existing.id, { entityBindings }, now);
      wrote = true;
    }
  }
  if (mode === 'desired') {
    for (const stale of current.filter((b) => !keptIds.includes(b.id))) wrote = (await repo.delete(orgId, document.id, stale.id)) || wrote;
    // Binding order is the spec's order; renumber only when it differs.
    const order = (await repo.listByDocument(orgId, document.id)).map((b) => b.id);
    if (JSON.stringify(order) !== JSON.stringify(keptIds)) {
      for (const [ordinal, id] of keptIds.entries()) await repo.update(orgId, document.id, id, { ordinal }, now);
      wrote = true;
    }
  }
  if (wrote) await ctx.repos.documents.touch(orgId, document.id, now);
  return wrote;
}
