/**
 * `POST /generation-snapshots/{id}/reproduce`: re-renders the pinned run from its manifest
 * alone — nothing is read from the live document. A templated section is the same sandboxed
 * template over the pinned render context, so it reproduces byte for byte; a synthesized one
 * goes to the model again with the pinned inputs (the offline composer is deterministic too).
 * Nothing is written: the answer compares each section with the pinned output.
 */
import type { ModelGateway, NumberedSourceInput } from '../../../pipeline/ports.js';
import type { NumberedSource } from '../../../pipeline/sources.js';
import { type RenderSection, renderTemplatedSection } from '../../../pipeline/stages/render.js';
import { renderTemplate } from '../../../templating/index.js';
import type { CommandContext } from '../../context.js';
import { requireGenerationSnapshot } from '../queries/list-history.js';

interface PinnedManifest {
  sections?: RenderSection[];
  renderContext?: Record<string, unknown>;
  sources?: NumberedSource[];
  voice?: { name: string; description: string | null; samples: string[] } | null;
  brief?: Record<string, unknown>;
  writeInputs?: Record<string, { models?: Record<string, string | null> }>;
}

/**
 * @throws NotFoundError when the document or snapshot is absent or foreign.
 */
export async function reproduceGeneration(ctx: CommandContext, model: ModelGateway, documentId: string, snapshotId: string) {
  const snapshot = await requireGenerationSnapshot(ctx, documentId, snapshotId);
  const manifest = snapshot.manifest as PinnedManifest;
  const context = manifest.renderContext ?? {};
  const pinned = new Map(snapshot.output.sections.map((s) => [s.sectionId, s.content]));
  const sources: NumberedSourceInput[] = (manifest.sources ?? []).map((s) => ({ n: s.n, title: s.title, text: s.text }));
  const sections = [];
  for (const section of manifest.sections ?? []) {
    let content: string;
    if (section.renderMode === 'templated') {
      content = renderTemplatedSection(section, context).content;
    } else {
      const prompt = section.prompt ? renderTemplate(section.prompt, context).output : null;
      const { fields, gathered, computed, synthesized, document, variables } = context;
      const answer = await model.writeSection({
        title: section.title,
        prompt,
        outputType: section.outputType as 'string',
        context: { document, fields, gathered, computed, synthesized, variables },
        sources,
        voice: manifest.voice ?? null,
        brief: manifest.brief ?? {},
        models: manifest.writeInputs?.[section.id]?.models ?? {},
      });
      content = answer.value.content;
    }
    sections.push({ sectionId: section.id, title: section.title, renderMode: section.renderMode, content, identical: pinned.get(section.id) === content });
  }
  return { generationSnapshotId: snapshot.id, runId: snapshot.runNumber, identical: sections.every((s) => s.identical), sections };
}
