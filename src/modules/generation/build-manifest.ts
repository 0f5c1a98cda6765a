/**
 * The manifest pinned by each run: everything needed to explain the output and to re-render it
 * from the manifest alone (the render context, the templates, the model inputs, and each
 * synthesized section's model answer, so a reproduce replays it without calling the model),
 * with the per-section derivation record a diff of two snapshots reads.
 */
import { type TemplateCheckOf, sectionDerivation } from '../../pipeline/section-derivation.js';
import { ENGINE_VERSION } from '../../pipeline/engine-version.js';
import { hashOf } from '../../pipeline/inputs-hash.js';
import type { LlmStatus } from '../../pipeline/ports.js';
import type { PipelineInput, PipelineResult } from '../../pipeline/run-pipeline.js';

type Rendered = Extract<PipelineResult, { status: 'rendered' }>;

export interface ManifestInput {
  input: PipelineInput;
  result: Rendered;
  run: { id: string; runNumber: number; kind: string; startedAt: string };
  templateId: string | null;
  specHash: string;
  model: LlmStatus;
  cost: { currency: string; amount: number } | null;
  /** Checks of the sections' templates (section-derivation.ts sectionTemplate), from the tenant-code pool. */
  templateCheckOf: TemplateCheckOf;
}

/** The derivation record of each rendered section, in render order: what a diff of two snapshots reads. */
function derivationsOf(input: PipelineInput, result: Rendered, templateCheckOf: TemplateCheckOf) {
  const definitions = new Map(input.sections.map((s) => [s.id, s]));
  const derivationOptions = {
    templateCheckOf,
    sources: result.sources.map((s) => ({ n: s.n, title: s.title, text: s.text })),
    voice: input.voice,
    brief: input.config.brief,
    models: input.config.models,
  };
  return result.rendered.flatMap((r) => {
    const section = definitions.get(r.sectionId);
    return section ? [[r.sectionId, sectionDerivation(section, result.renderContext, r, derivationOptions)] as const] : [];
  });
}

/** The gathered items as pinned: their payload by hash, not by value. */
function gatheredRecord(result: Rendered) {
  return result.gathered.items.map((item) => ({
    outputKey: item.outputKey,
    kind: item.kind,
    cached: item.cached,
    inputsHash: item.inputsHash,
    derivation: item.derivation,
    payloadHash: hashOf(item.value),
    source: item.source,
  }));
}

export function buildManifest({ input, result, run, templateId, specHash, model, cost, templateCheckOf }: ManifestInput): Record<string, unknown> {
  const rendered = new Set(result.rendered.map((r) => r.sectionId));
  const derivations = derivationsOf(input, result, templateCheckOf);
  return {
    engineVersion: ENGINE_VERSION,
    run: { id: run.id, number: run.runNumber, kind: run.kind, startedAt: run.startedAt, pinnedNow: input.now },
    template: { id: templateId, specHash },
    document: input.document,
    fieldValues: input.fields,
    /** Labels, types and options of the fields: a live reproduce gives the writer the same definitions. */
    fieldDefinitions: input.fieldDefinitions ?? [],
    gathered: gatheredRecord(result),
    computed: result.computed,
    computeErrors: result.computeErrors,
    /** What each decision concluded, the rule that fired and the inputs it saw (the document detail and the export's annex read it). */
    decisions: result.decisions,
    synthesizedContext: result.synthesized?.value ?? null,
    models: {
      ...model,
      perStep: input.config.models,
      synthesis: result.synthesized?.model ?? null,
      sections: Object.fromEntries(result.rendered.filter((r) => r.model).map((r) => [r.sectionId, r.model])),
    },
    prompts: {
      synthesis: result.synthesized?.prompt ?? null,
      needs: result.gathered.prompts,
      sections: Object.fromEntries(result.rendered.filter((r) => r.prompt).map((r) => [r.sectionId, r.prompt])),
    },
    voice: input.voice,
    brief: input.config.brief,
    sources: result.sources,
    sections: input.sections.filter((s) => rendered.has(s.id)),
    renderContext: result.renderContext,
    writeInputs: Object.fromEntries(
      input.sections
        .filter((s) => rendered.has(s.id) && s.renderMode !== 'templated')
        .map((s) => [
          s.id,
          { title: s.title, prompt: s.prompt, outputType: s.outputType, voice: input.voice, brief: input.config.brief, models: input.config.models },
        ]),
    ),
    /** Each synthesized section's model answer as the render stage received it (replayed by reproduce). */
    modelOutputs: Object.fromEntries(result.rendered.filter((r) => r.modelOutput !== null).map((r) => [r.sectionId, r.modelOutput])),
    derivation: { format: 1, sections: Object.fromEntries(derivations) },
    usage: { ...result.usage, cost },
    completeness: result.completeness,
    unsupported_sections: result.unsupported,
    /** Sections the run could not write, with the reason (finalizing refuses while one stays failed). */
    failed_sections: result.failedSections,
  };
}
