/**
 * Everything of the library a document uses: its bound snippets (binding order) and the texts
 * and risk blocks their items name, and the entities its bindings name. Readiness checks it, generation hands the snippets to
 * templates, export renders the texts and risk blocks: one read serves all three.
 */
import type { CommandContext } from '../../context.js';
import type { EntityRecord } from '../entities/entity.repository.js';
import type { RiskBlockRecord } from '../risk-blocks/risk-block.repository.js';
import type { TextRecord } from '../texts/text.repository.js';
import { type BoundSnippet, loadBoundSnippets } from './bound-snippets.js';

/** What a document binds from the library, resolved to the rows its items name. */
export interface BoundLibrary {
  /** The document's bindings in binding order, each with its snippet and the snippet's items. */
  bound: BoundSnippet[];
  /** The texts the bound snippets' items name, by id (a deleted one is simply absent). */
  textById: ReadonlyMap<string, TextRecord>;
  /** The risk blocks the bound snippets' items name, by id (a deleted one is simply absent). */
  riskBlockById: ReadonlyMap<string, RiskBlockRecord>;
  /** The organization entities the bindings name, by id (a missing or foreign id is simply absent). */
  entityById: ReadonlyMap<string, EntityRecord>;
}

/** The caller must have gated the document (requireDocument) first. */
export async function loadBoundLibrary(ctx: CommandContext, documentId: string): Promise<BoundLibrary> {
  const bound = await loadBoundSnippets(ctx, documentId);
  // Most documents bind nothing: no lookups then.
  if (bound.length === 0) return { bound, textById: new Map(), riskBlockById: new Map(), entityById: new Map() };
  const orgId = ctx.actor.org.orgId;
  const items = bound.flatMap(({ snippet }) => snippet.items);
  const idsOf = (type: string) => [...new Set(items.filter((i) => i.itemType === type).map((i) => i.targetId))];
  const entityIds = [...new Set(bound.flatMap(({ binding }) => Object.values(binding.entityBindings)))];
  const [texts, blocks, entities] = await Promise.all([
    ctx.repos.texts.findByIds(orgId, idsOf('text')),
    ctx.repos.riskBlocks.findByIds(orgId, idsOf('risk_block')),
    ctx.repos.entities.findByIds(orgId, entityIds),
  ]);
  return {
    bound,
    textById: new Map(texts.map((t) => [t.id, t])),
    riskBlockById: new Map(blocks.map((b) => [b.id, b])),
    entityById: new Map(entities.map((e) => [e.id, e])),
  };
}
