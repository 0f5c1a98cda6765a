/**
 * The organization entities a spec defines (texts, snippets, risk blocks, voices), stored in
 * the organization library. compile-spec validates them; this file syncs them and reads them
 * back for the canonical spec. The work is done in modules/library/spec-sync.
 *
 * Modes: `create` (POST /v1/templates) creates what is missing and keeps, with a warning, every
 * entity whose key/name exists; `desired` (PUT /spec, PUT /v1/templates/{slug}) updates existing
 * entities to match the spec, since the spec redefines them. Entities the spec leaves out are
 * never deleted: they belong to the organization and other templates may use them.
 */
import type { CommandContext } from '../context.js';
import type { DocumentRecord } from '../documents/document.repository.js';
import { libraryEntitiesOf } from '../library/spec-sync/entities-of-document.js';
import { type WantedBinding, syncSpecBindings } from '../library/spec-sync/sync-spec-bindings.js';
import { type SyncMode, type SyncOutcome, atPath, syncRiskBlock, syncSnippet, syncText, syncVoice } from '../library/spec-sync/sync-spec-entity.js';
import type { CompileReport, NormalizedSpec } from './compile-spec.js';
import type { SpecEntities } from './spec-schema.js';

export const EMPTY_ENTITIES: Required<SpecEntities> = { texts: [], snippets: [], riskBlocks: [], voices: [] };

/** Which document `bind: true` snippets are bound to, and how existing entities are treated. */
export interface SpecEntitiesTarget {
  document: DocumentRecord;
  mode: SyncMode;
}

/**
 * Syncs the spec's entities into the organization library (inside the caller's transaction),
 * adding warnings to the report. Texts and risk blocks go first so snippet items can name them.
 * Without `target`, the document is the template named by the spec's slug and the mode is
 * `create` (nothing existing is overwritten).
 *
 * @throws DomainValidationError (422, naming the entity's path) when an entity breaks a library rule.
 * @throws ConflictError when a concurrent request took a key or name first.
 */
export async function syncSpecEntities(ctx: CommandContext, spec: NormalizedSpec, report: CompileReport, target?: SpecEntitiesTarget): Promise<void> {
  const mode = target?.mode ?? 'create';
  const outcome: SyncOutcome = { warnings: [] };
  const { texts, riskBlocks, voices, snippets } = spec.entities;
  for (const [i, text] of texts.entries()) await syncText(ctx, text, `/entities/texts/${i}`, mode, outcome);
  for (const [i, block] of riskBlocks.entries()) await syncRiskBlock(ctx, block, `/entities/riskBlocks/${i}`, mode, outcome);
  for (const [i, voice] of voices.entries()) await syncVoice(ctx, voice, `/entities/voices/${i}`, mode, outcome);
  const wanted: WantedBinding[] = [];
  for (const [i, snippet] of snippets.entries()) {
    const path = `/entities/snippets/${i}`;
    const record = await syncSnippet(ctx, snippet, path, mode, outcome);
    if (snippet.bind === true) wanted.push({ snippet: record, entityBindings: snippet.entityBindings, path });
  }
  const document = target?.document ?? (spec.slug ? await ctx.repos.documents.findTemplateBySlug(ctx.actor.org.orgId, spec.slug) : undefined);
  if (document) await atPath('/entities/snippets', () => syncSpecBindings(ctx, document, wanted, mode));
  else if (wanted.length > 0)
    outcome.warnings.push({ path: '/entities/snippets', message: 'snippets marked bind were not bound: the spec names no document to bind them to' });
  report.warnings.push(...outcome.warnings);
}

/**
 * The entities a document uses, for its canonical spec: bound snippets (binding order) with
 * their items' texts and risk blocks, and the voice its config names. The caller gates the
 * document; an id outside the organization simply has no entities. Never throws NotFoundError.
 */
export async function entitiesOfDocument(ctx: CommandContext, documentId: string): Promise<Required<SpecEntities>> {
  const document = await ctx.repos.documents.findById(ctx.actor.org.orgId, documentId);
  if (!document) return EMPTY_ENTITIES;
  return libraryEntitiesOf(ctx, document);
}
