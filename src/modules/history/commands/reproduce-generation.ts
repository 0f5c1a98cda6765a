/**
 * `POST /generation-snapshots/{id}/reproduce`: re-renders the pinned run from its manifest
 * alone — nothing is read from the live document, nothing is written. The answer compares each
 * section with the pinned output.
 *
 * - `offline` (the default): a replay. A templated section is the same sandboxed template over
 *   the pinned render context; a synthesized section replays its pinned model answer through
 *   the render stage's own step (`synthesizedSectionOf`), its prompt template re-rendered over
 *   the pinned context. No model is called, so it works with the model down and costs nothing.
 *   A snapshot pinned before model answers were recorded reports its synthesized sections as
 *   `not_replayable`, with the reason.
 * - `live`: a re-run with the same inputs: synthesized sections go to the model again with the
 *   pinned prompt, context, sources, voice, brief and model choice (a model failure is a 502).
 */
import { UpstreamError } from '../../../kernel/errors.js';
import type { ModelGateway } from '../../../pipeline/ports.js';
import {
  type RenderSection,
  type RenderedSection,
  renderSectionPrompt,
  renderSections,
  renderTemplatedSection,
  synthesizedSectionOf,
} from '../../../pipeline/stages/render.js';
import type { CommandContext } from '../../context.js';
import { type PinnedManifest, pinnedManifest } from '../pinned-manifest.js';
import { requireGenerationSnapshot } from '../queries/list-history.js';

export type ReproduceMode = 'offline' | 'live';
export type ReproduceOutcome = 'identical' | 'different' | 'not_replayable';

export interface ReproducedSection {
  sectionId: string;
  key: string;
  title: string;
  renderMode: string;
  outcome: ReproduceOutcome;
  identical: boolean;
  /** The re-rendered output; null when the section could not be re-rendered. */
  content: string | null;
  /** Why a section is `not_replayable` or `different` when that is known; else null. */
  reason: string | null;
}

const ZERO = { inputTokens: 0, outputTokens: 0 };

/** One section, offline: a rendered section, or the reason it cannot be replayed. */
async function replay(
  section: RenderSection,
  manifest: PinnedManifest,
  context: Record<string, unknown>,
): Promise<RenderedSection | { notReplayable: string }> {
  if (section.renderMode === 'templated') return renderTemplatedSection(section, context);
  const output = manifest.modelOutputs?.[section.id];
  if (output === undefined) {
    return {
      notReplayable:
        'the snapshot has no pinned model output for this section (it was made before model outputs were recorded); reproduce with {"mode": "live"} to ask the model again',
    };
  }
  const prompt = await renderSectionPrompt(section, context);
  return synthesizedSectionOf(
    section,
    { output, model: manifest.models?.sections?.[section.id] ?? null, prompt: manifest.prompts?.sections?.[section.id] ?? null, usage: ZERO },
    prompt,
  );
}

/** One section, live: the render stage itself, with the pinned options. */
async function rerun(section: RenderSection, manifest: PinnedManifest, context: Record<string, unknown>, model: ModelGateway): Promise<RenderedSection> {
  const [rendered] = await renderSections(
    [section],
    context,
    { emit: async () => {}, model },
    {
      concurrency: 1,
      sources: (manifest.sources ?? []).map((s) => ({ n: s.n, title: s.title, text: s.text })),
      voice: manifest.voice ?? null,
      brief: manifest.brief ?? {},
      models: manifest.writeInputs?.[section.id]?.models ?? manifest.models?.perStep ?? {},
      fieldDefinitions: manifest.fieldDefinitions ?? [],
    },
  );
  return rendered;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * @throws NotFoundError when the document or snapshot is absent or foreign.
 * @throws UpstreamError in `live` mode when the model fails.
 */
export async function reproduceGeneration(
  ctx: CommandContext,
  model: ModelGateway,
  documentId: string,
  snapshotId: string,
  options: { mode?: ReproduceMode } = {},
) {
  const mode = options.mode ?? 'offline';
  const snapshot = await requireGenerationSnapshot(ctx, documentId, snapshotId);
  const manifest = pinnedManifest(snapshot.manifest);
  const context = manifest.renderContext ?? {};
  const pinned = new Map(snapshot.output.sections.map((s) => [s.sectionId, s.content]));
  const sections: ReproducedSection[] = [];
  let modelCalls = 0;
  for (const section of manifest.sections ?? []) {
    const base = { sectionId: section.id, key: section.key, title: section.title, renderMode: section.renderMode };
    let rendered: RenderedSection | { notReplayable: string };
    try {
      if (mode === 'live' && section.renderMode !== 'templated') modelCalls += 1;
      rendered = mode === 'live' ? await rerun(section, manifest, context, model) : await replay(section, manifest, context);
    } catch (error) {
      if (error instanceof UpstreamError) throw error;
      // A template that no longer renders (the engine changed under it): different, not a 5xx.
      sections.push({ ...base, outcome: 'different', identical: false, content: null, reason: errorText(error) });
      continue;
    }
    if ('notReplayable' in rendered) {
      sections.push({ ...base, outcome: 'not_replayable', identical: false, content: null, reason: rendered.notReplayable });
      continue;
    }
    const identical = pinned.get(section.id) === rendered.content;
    sections.push({
      ...base,
      outcome: identical ? 'identical' : 'different',
      identical,
      content: rendered.content,
      reason: identical ? null : 'the re-rendered output differs from the pinned output',
    });
  }
  return { generationSnapshotId: snapshot.id, runId: snapshot.runNumber, mode, identical: sections.every((s) => s.identical), modelCalls, sections };
}
