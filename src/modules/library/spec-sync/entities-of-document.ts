/**
 * The library entities a document uses, in the spec's entity format: its bound snippets (in
 * binding order, `bind: true` with their entity bindings), the texts and risk blocks their
 * items name (in order of first use), and the voice its config names (`voice.voiceId`, else
 * `voice.voiceName`).
 */
import type { CommandContext } from '../../context.js';
import type { DocumentRecord } from '../../documents/document.repository.js';
import type { SpecEntities } from './spec-entities.schema.js';
import { loadBoundSnippets } from '../bindings/bound-snippets.js';
import { voiceOfDocument } from '../voices/voice-of-document.js';
import { riskBlockEntity, snippetEntity, textEntity, voiceEntity } from './entity-format.js';

/** The caller must have gated the document (requireDocument) first. */
export async function libraryEntitiesOf(ctx: CommandContext, document: DocumentRecord): Promise<Required<SpecEntities>> {
  const orgId = ctx.actor.org.orgId;
  const bound = await loadBoundSnippets(ctx, document.id);
  const seenSnippets = new Set<string>();
  const textIds: string[] = [];
  const blockIds: string[] = [];
  const snippets = [];
  for (const { binding, snippet } of bound) {
    // A snippet bound twice appears once: the spec format binds a snippet at most once.
    if (seenSnippets.has(snippet.id)) continue;
    seenSnippets.add(snippet.id);
    snippets.push(snippetEntity(snippet, binding));
    for (const item of snippet.items) {
      const list = item.itemType === 'text' ? textIds : blockIds;
      if (!list.includes(item.targetId)) list.push(item.targetId);
    }
  }
  const [texts, blocks, voice] = await Promise.all([
    ctx.repos.texts.findByIds(orgId, textIds),
    ctx.repos.riskBlocks.findByIds(orgId, blockIds),
    voiceOfDocument(ctx, document),
  ]);
  const inOrder = <T extends { id: string }>(ids: string[], rows: T[]) => ids.flatMap((id) => rows.filter((row) => row.id === id));
  return {
    texts: inOrder(textIds, texts).map(textEntity),
    snippets,
    riskBlocks: inOrder(blockIds, blocks).map(riskBlockEntity),
    voices: voice ? [voiceEntity(voice)] : [],
  };
}
