/**
 * Library records in the authoring spec's entity format, every key written out: the one shape
 * both the canonical spec (GET /spec) and the desired-state comparison (PUT /spec) use, so a
 * spec read back and sent again compares equal and writes nothing.
 */
import type { SpecEntities } from './spec-entities.schema.js';
import type { BindingRecord } from '../bindings/binding.repository.js';
import type { RiskBlockRecord } from '../risk-blocks/risk-block.repository.js';
import type { SnippetWithItems } from '../snippets/snippet.presenter.js';
import type { TextRecord } from '../texts/text.repository.js';
import type { VoiceRecord } from '../voices/voice.repository.js';

export type SpecText = NonNullable<SpecEntities['texts']>[number];
export type SpecSnippet = NonNullable<SpecEntities['snippets']>[number];
export type SpecRiskBlock = NonNullable<SpecEntities['riskBlocks']>[number];
export type SpecVoice = NonNullable<SpecEntities['voices']>[number];

/** A stored text in the spec format. */
export function textEntity(text: TextRecord) {
  return {
    key: text.key,
    value: text.value,
    valueType: text.valueType,
    name: text.name,
    description: text.description,
    headingTemplate: text.headingTemplate,
    narrativeTemplate: text.narrativeTemplate,
    bullets: text.bullets,
    entityRolesUsed: text.entityRolesUsed,
  };
}

/** A spec text with its defaults filled in (an absent key is its default in a desired state). */
export function desiredText(spec: SpecText): ReturnType<typeof textEntity> {
  return {
    key: spec.key.trim(),
    value: spec.value,
    valueType: spec.valueType ?? 'string',
    name: spec.name ?? null,
    description: spec.description ?? null,
    headingTemplate: spec.headingTemplate ?? null,
    narrativeTemplate: spec.narrativeTemplate ?? null,
    bullets: spec.bullets ?? [],
    entityRolesUsed: (spec.entityRolesUsed ?? []).map((role) => role.trim()),
  };
}

/** A stored risk block in the spec format. */
export function riskBlockEntity(block: RiskBlockRecord) {
  return {
    key: block.key,
    heading: block.heading,
    template: block.template,
    status: block.status,
    statutoryRef: block.statutoryRef,
    appliesTo: block.appliesTo,
  };
}

/** A spec risk block with its defaults filled in. */
export function desiredRiskBlock(spec: SpecRiskBlock): ReturnType<typeof riskBlockEntity> {
  return {
    key: spec.key.trim(),
    heading: spec.heading.trim(),
    template: spec.template,
    status: spec.status ?? 'draft',
    statutoryRef: spec.statutoryRef ?? null,
    appliesTo: spec.appliesTo ?? null,
  };
}

/** A stored voice in the spec format. */
export function voiceEntity(voice: VoiceRecord) {
  return { name: voice.name, description: voice.description, samples: voice.samples };
}

/** A spec voice with its defaults filled in. */
export function desiredVoice(spec: SpecVoice): ReturnType<typeof voiceEntity> {
  return { name: spec.name.trim(), description: spec.description ?? null, samples: spec.samples ?? [] };
}

/** A snippet entity; `binding` present when the document binds it (then `bind: true`). */
export function snippetEntity(snippet: SnippetWithItems, binding: BindingRecord | undefined) {
  return {
    key: snippet.key,
    name: snippet.name,
    description: snippet.description,
    phaseOrder: snippet.phaseOrder,
    items: snippet.items.map((item) => ({ itemType: item.itemType, itemKey: item.itemKey })),
    bind: binding !== undefined,
    entityBindings: binding ? binding.entityBindings : null,
  };
}

/** The keys of `desired` whose values differ from `current` (JSON equality). */
export function differingKeys<T extends object>(current: T, desired: T): Partial<T> {
  const diff: Partial<T> = {};
  for (const key of Object.keys(desired) as Array<keyof T>) {
    if (JSON.stringify(current[key] ?? null) !== JSON.stringify(desired[key] ?? null)) diff[key] = desired[key];
  }
  return diff;
}
