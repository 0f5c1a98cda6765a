/**
 * One entity of a spec brought into the organization library. `create` mode (POST
 * /v1/templates): a new key is created, an existing one is kept as it is and the report says
 * so. `desired` mode (PUT /spec, PUT /v1/templates/{slug}): the spec redefines the entity, so an
 * existing one is updated to match — only the keys that differ are written, and nothing at all
 * when it already matches (a canonical spec sent back writes nothing).
 */
import { DomainValidationError } from '../../../kernel/errors.js';
import type { CommandContext } from '../../context.js';
import type { SpecIssue } from './spec-entities.schema.js';
import { createRiskBlock } from '../risk-blocks/commands/create-risk-block.js';
import { updateRiskBlock } from '../risk-blocks/commands/update-risk-block.js';
import { createSnippet } from '../snippets/commands/create-snippet.js';
import { resolveSnippetItems, setSnippetItems } from '../snippets/commands/set-snippet-items.js';
import { updateSnippet } from '../snippets/commands/update-snippet.js';
import { type SnippetRecord } from '../snippets/snippet.repository.js';
import { createText } from '../texts/commands/create-text.js';
import { updateText } from '../texts/commands/update-text.js';
import { createVoice } from '../voices/commands/create-voice.js';
import { updateVoice } from '../voices/commands/update-voice.js';
import {
  type SpecRiskBlock,
  type SpecSnippet,
  type SpecText,
  type SpecVoice,
  desiredRiskBlock,
  desiredText,
  desiredVoice,
  differingKeys,
  riskBlockEntity,
  textEntity,
  voiceEntity,
} from './entity-format.js';

export type SyncMode = 'create' | 'desired';

export interface SyncOutcome {
  warnings: SpecIssue[];
}

const kept = (path: string, what: string): SpecIssue => ({
  path,
  message: `${what} already exists in the organization: kept as it is, the spec's definition was skipped`,
});

/**
 * Prefixes a domain error with the entity's path, so a 422 says which entity of the spec failed.
 *
 * @throws DomainValidationError (prefixed) or whatever `write` throws otherwise.
 */
export async function atPath<T>(path: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof DomainValidationError) throw new DomainValidationError(`${path}: ${error.message}`);
    throw error;
  }
}

/** @throws DomainValidationError / ConflictError from the text commands. */
export async function syncText(ctx: CommandContext, spec: SpecText, path: string, mode: SyncMode, outcome: SyncOutcome): Promise<void> {
  const desired = desiredText(spec);
  const existing = await ctx.repos.texts.findByKey(ctx.actor.org.orgId, desired.key);
  if (!existing) return void (await atPath(path, () => createText(ctx, desired)));
  if (mode === 'create') return void outcome.warnings.push(kept(path, `text "${desired.key}"`));
  const diff = differingKeys(textEntity(existing), desired);
  if (Object.keys(diff).length > 0) await atPath(path, () => updateText(ctx, existing.id, diff));
}

/** @throws DomainValidationError / ConflictError from the risk block commands. */
export async function syncRiskBlock(ctx: CommandContext, spec: SpecRiskBlock, path: string, mode: SyncMode, outcome: SyncOutcome): Promise<void> {
  const desired = desiredRiskBlock(spec);
  const existing = await ctx.repos.riskBlocks.findByKey(ctx.actor.org.orgId, desired.key);
  if (!existing) return void (await atPath(path, () => createRiskBlock(ctx, desired)));
  if (mode === 'create') return void outcome.warnings.push(kept(path, `risk block "${desired.key}"`));
  const diff = differingKeys(riskBlockEntity(existing), desired);
  // The spec states the status it wants: send it with any change, so an edited template the
  // spec still calls approved is not put back to draft by the content-change rule.
  if (Object.keys(diff).length > 0) await atPath(path, () => updateRiskBlock(ctx, existing.id, { ...diff, status: desired.status }));
}

/** @throws DomainValidationError / ConflictError from the voice commands. */
export async function syncVoice(ctx: CommandContext, spec: SpecVoice, path: string, mode: SyncMode, outcome: SyncOutcome): Promise<void> {
  const desired = desiredVoice(spec);
  const existing = await ctx.repos.voices.findByName(ctx.actor.org.orgId, desired.name);
  if (!existing) return void (await atPath(path, () => createVoice(ctx, desired)));
  if (mode === 'create') return void outcome.warnings.push(kept(path, `voice "${desired.name}"`));
  const diff = differingKeys(voiceEntity(existing), desired);
  if (Object.keys(diff).length > 0) await atPath(path, () => updateVoice(ctx, existing.id, diff));
}

/**
 * Creates or updates the snippet and its items (absent `items`: left as they are); returns it.
 *
 * @throws DomainValidationError when an item names no text / risk block of the organization.
 */
export async function syncSnippet(ctx: CommandContext, spec: SpecSnippet, path: string, mode: SyncMode, outcome: SyncOutcome): Promise<SnippetRecord> {
  const orgId = ctx.actor.org.orgId;
  const repo = ctx.repos.snippets;
  const desired = { key: spec.key.trim(), name: spec.name ?? null, description: spec.description ?? null, phaseOrder: spec.phaseOrder ?? 0 };
  const existing = await repo.findByKey(orgId, desired.key);
  if (existing && mode === 'create') {
    outcome.warnings.push(kept(path, `snippet "${desired.key}"`));
    return existing;
  }
  let snippet = existing ?? (await atPath(path, () => createSnippet(ctx, desired)));
  if (existing) {
    const diff = differingKeys({ key: existing.key, name: existing.name, description: existing.description, phaseOrder: existing.phaseOrder }, desired);
    if (Object.keys(diff).length > 0) snippet = await atPath(path, () => updateSnippet(ctx, existing.id, diff));
  }
  if (spec.items === undefined) return snippet;
  const items = spec.items;
  const current = (await repo.listItems(orgId, [snippet.id])).map((i) => ({ itemType: i.itemType, targetId: i.targetId }));
  const wanted = await atPath(`${path}/items`, () => resolveSnippetItems(ctx, items));
  if (JSON.stringify(current) !== JSON.stringify(wanted)) snippet = await atPath(`${path}/items`, () => setSnippetItems(ctx, snippet.id, items));
  return snippet;
}
