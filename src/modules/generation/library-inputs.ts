/**
 * What the organization library contributes to a run: the document's voice (by the `voice`
 * config group's id, else its name) and its bound snippets, in binding order.
 */
import type { VoiceInput } from '../../pipeline/ports.js';
import type { CommandContext } from '../context.js';
import { loadBoundSnippets } from '../library/bindings/bound-snippets.js';

export async function voiceForDocument(ctx: CommandContext, voice: { voiceId: string | null; voiceName: string | null }): Promise<VoiceInput | null> {
  const repo = ctx.repos.voices;
  const orgId = ctx.actor.org.orgId;
  const found = (voice.voiceId ? await repo.findById(orgId, voice.voiceId) : undefined) ?? (voice.voiceName ? await repo.findByName(orgId, voice.voiceName) : undefined);
  return found ? { name: found.name, description: found.description, samples: found.samples } : null;
}

/** Bound snippets as plain data templates can read (`{% for s in snippets %}`). */
export async function snippetsForRender(ctx: CommandContext, documentId: string): Promise<Array<Record<string, unknown>>> {
  const bound = await loadBoundSnippets(ctx, documentId);
  return bound.map(({ binding, snippet }) => ({
    key: snippet.key,
    name: snippet.name,
    description: snippet.description,
    entityBindings: binding.entityBindings,
    items: snippet.items.map((item) => ({ itemType: item.itemType, itemKey: item.itemKey })),
  }));
}
