/**
 * The library entities a document uses, in the spec's entity format: its bound snippets (in
 * binding order, `bind: true` with their entity bindings), the texts and risk blocks their
 * items name (in order of first use), and the voice its config names (`voice.voiceId`, else
 * `voice.voiceName`).
 */
import type { CommandContext } from '../../context.js';
import type { DocumentRecord } from '../../documents/document.repository.js';
import type { SpecEntities } from './spec-entities.schema.js';
import type { BoundLibrary } from '../bindings/bound-library.js';
import { type BoundSnippet, loadBoundSnippets } from '../bindings/bound-snippets.js';
import type { VoiceRecord } from '../voices/voice.repository.js';
import { voiceOfDocument } from '../voices/voice-of-document.js';
import { riskBlockEntity, snippetEntity, textEntity, voiceEntity } from './entity-format.js';

/** The caller must have gated the document (requireDocument) first. */
export async function libraryEntitiesOf(ctx: CommandContext, document: DocumentRecord): Promise<Required<SpecEntities>> {
  const orgId = ctx.actor.org.orgId;
  const bound = await loadBoundSnippets(ctx, document.id);
  const { textIds, blockIds } = itemTargetsOf(bound);
  const [texts, blocks, voice] = await Promise.all([
    ctx.repos.texts.findByIds(orgId, textIds),
    ctx.repos.riskBlocks.findByIds(orgId, blockIds),
    voiceOfDocument(ctx, document),
  ]);
  return libraryEntitiesFrom({ bound, textById: new Map(texts.map((t) => [t.id, t])), riskBlockById: new Map(blocks.map((b) => [b.id, b])) }, voice);
}

/**
 * The same entities from rows already read (a generation run holds them in its inputs), so the
 * run's manifest hashes its spec without reading the library again.
 */
export function libraryEntitiesFrom(
  library: Pick<BoundLibrary, 'bound' | 'textById' | 'riskBlockById'>,
  voice: VoiceRecord | null | undefined,
): Required<SpecEntities> {
  const { textIds, blockIds } = itemTargetsOf(library.bound);
  const seenSnippets = new Set<string>();
  const snippets = [];
  for (const { binding, snippet } of library.bound) {
    // A snippet bound twice appears once: the spec format binds a snippet at most once.
    if (seenSnippets.has(snippet.id)) continue;
    seenSnippets.add(snippet.id);
    snippets.push(snippetEntity(snippet, binding));
  }
  const inOrder = <T>(ids: string[], byId: ReadonlyMap<string, T>) => ids.flatMap((id) => (byId.has(id) ? [byId.get(id) as T] : []));
  return {
    texts: inOrder(textIds, library.textById).map(textEntity),
    snippets,
    riskBlocks: inOrder(blockIds, library.riskBlockById).map(riskBlockEntity),
    voices: voice ? [voiceEntity(voice)] : [],
  };
}

/** The texts and risk blocks the bound snippets' items name, each once, in order of first use. */
function itemTargetsOf(bound: readonly BoundSnippet[]): { textIds: string[]; blockIds: string[] } {
  const textIds: string[] = [];
  const blockIds: string[] = [];
  for (const { snippet } of bound) {
    for (const item of snippet.items) {
      const list = item.itemType === 'text' ? textIds : blockIds;
      if (!list.includes(item.targetId)) list.push(item.targetId);
    }
  }
  return { textIds, blockIds };
}
