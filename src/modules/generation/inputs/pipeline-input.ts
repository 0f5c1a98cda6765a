/**
 * A document's inputs → one run's pipeline input: the readiness verdict for the gate, the
 * fields, needs and sections, the config groups as the stages read them, the voice and the
 * bound snippets, with the run's options (which sections, variables) and its pinned time.
 */
import type { VoiceInput } from '../../../pipeline/ports.js';
import type { PipelineInput } from '../../../pipeline/run-pipeline.js';
import type { RenderSection } from '../../../pipeline/stages/render.js';
import type { SectionRecord } from '../../documents/sections/section.repository.js';
import type { VoiceRecord } from '../../library/voices/voice.repository.js';
import type { BoundLibrary } from '../../library/bindings/bound-library.js';
import type { RunRecord } from '../run.repository.js';
import type { DocumentInputs } from './load-document-inputs.js';
import { readinessOf } from './readiness-input.js';

/** What one snippet item holds, as templates read it: the text's or risk block's own content. */
function itemContent(item: BoundLibrary['bound'][number]['snippet']['items'][number], library: BoundLibrary): Record<string, unknown> {
  const text = item.itemType === 'text' ? library.textById.get(item.targetId) : undefined;
  if (text) return { text: { key: text.key, value: text.value, heading: text.headingTemplate, narrative: text.narrativeTemplate, bullets: text.bullets } };
  const block = item.itemType === 'risk_block' ? library.riskBlockById.get(item.targetId) : undefined;
  if (block) return { riskBlock: { key: block.key, heading: block.heading, template: block.template, status: block.status, statutoryRef: block.statutoryRef } };
  return {};
}

/**
 * Bound snippets as plain data templates can read (`{% for s in snippets %}`), in binding order:
 * each item with its text's or risk block's content, and each bound role resolved to its entity
 * (`entities.client.name`; an id naming no entity stays as written). Everything a section can
 * take from the library is here, so its derivation record (`snippets.<key>`) sees a text, risk
 * block or entity change and the section shows stale.
 */
export function snippetsForRender(library: BoundLibrary): Array<Record<string, unknown>> {
  return library.bound.map(({ binding, snippet }) => ({
    key: snippet.key,
    name: snippet.name,
    description: snippet.description,
    entityBindings: binding.entityBindings,
    entities: Object.fromEntries(
      Object.entries(binding.entityBindings).map(([role, id]) => {
        const entity = library.entityById.get(id);
        return [role, entity ? { id: entity.id, name: entity.name, kind: entity.kind, attributes: entity.attributes } : id];
      }),
    ),
    items: snippet.items.map((item) => ({ itemType: item.itemType, itemKey: item.itemKey, ...itemContent(item, library) })),
  }));
}

/** A section as the render stage reads it. */
export function renderSectionOf(s: SectionRecord): RenderSection {
  return { id: s.id, key: s.key, title: s.title, renderMode: s.renderMode, outputType: s.outputType, prompt: s.prompt, outputTemplate: s.outputTemplate };
}

/** The voice as the pipeline reads it (hashed into a synthesized section's derivation). */
export function voiceInputOf(voice: VoiceRecord | null): VoiceInput | null {
  return voice ? { name: voice.name, description: voice.description, samples: voice.samples } : null;
}

/**
 * The pipeline input of `run`, pinned at `now` (ISO).
 *
 * @throws never on its own; database errors from the lazy inputs propagate.
 */
export async function pipelineInputOf(inputs: DocumentInputs, run: Pick<RunRecord, 'options'>, now: string): Promise<PipelineInput> {
  const { document, config, sections } = inputs;
  const [readiness, voice, library] = await Promise.all([readinessOf(inputs), inputs.voice(), inputs.library()]);
  const renderIds =
    run.options.sectionIds && run.options.sectionIds.length > 0
      ? new Set(run.options.sectionIds)
      : new Set(sections.filter((s) => !(run.options.preserveEdited && s.status === 'edited')).map((s) => s.id));
  return {
    document: { id: document.id, title: document.title, description: document.description, state: document.state },
    organization: inputs.organization,
    readiness,
    fields: inputs.fieldValues,
    fieldDefinitions: inputs.fields.map((f) => ({ key: f.key, label: f.label, valueType: f.valueType, options: f.options })),
    needs: inputs.dataNeeds,
    sections: sections.map(renderSectionOf),
    renderSectionIds: renderIds,
    currentOutputs: Object.fromEntries(sections.map((s) => [s.key, s.content])),
    computations: inputs.computations,
    decisions: inputs.decisions,
    config: {
      synthesis: {
        enabled: config.synthesis.enabled !== false,
        instructions: (config.synthesis.instructions as string | null) ?? null,
        schema: (config.synthesis.schema as object | null) ?? null,
      },
      coordination: { maxConcurrency: Number(config.coordination.maxConcurrency), needTimeoutMs: Number(config.coordination.needTimeoutMs) },
      brief: config.brief,
      verify: { enabled: config.verify.enabled !== false, judge: config.verify.judge as 'auto' },
      render: { concurrency: Number(config.render.concurrency), language: typeof config.render.language === 'string' ? config.render.language : undefined },
      models: config.models as PipelineInput['config']['models'],
    },
    voice: voiceInputOf(voice),
    snippets: snippetsForRender(library),
    variables: run.options.variables ?? {},
    refresh: run.options.refresh ?? false,
    now,
  };
}
