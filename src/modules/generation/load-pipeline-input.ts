/**
 * Loads everything one run needs from the database into the pipeline's input: fields,
 * data-needs, sections, resolved config, readiness, voice and bound snippets.
 */
import type { PipelineInput } from '../../pipeline/run-pipeline.js';
import type { VoiceInput } from '../../pipeline/ports.js';
import type { CommandContext } from '../context.js';
import { resolveConfig } from '../documents/config/config-groups.js';
import type { DocumentRecord } from '../documents/document.repository.js';
import { fieldMap } from '../documents/document.presenter.js';
import { computationsOf, readinessOf } from './inputs/readiness-input.js';
import type { RunRecord } from './run.repository.js';
import { snippetsForRender, voiceForDocument } from './library-inputs.js';

export async function loadPipelineInput(ctx: CommandContext, document: DocumentRecord, run: RunRecord, now: string): Promise<PipelineInput> {
  const orgId = ctx.actor.org.orgId;
  const [fields, sections, needs, readiness] = await Promise.all([
    ctx.repos.fields.listByDocument(orgId, document.id),
    ctx.repos.sections.listByDocument(orgId, document.id),
    ctx.repos.dataNeeds.listByDocument(orgId, document.id),
    readinessOf(ctx, document),
  ]);
  const config = resolveConfig(document.config);
  const renderIds =
    run.options.sectionIds && run.options.sectionIds.length > 0
      ? new Set(run.options.sectionIds)
      : new Set(sections.filter((s) => !(run.options.preserveEdited && s.status === 'edited')).map((s) => s.id));
  const voice: VoiceInput | null = await voiceForDocument(ctx, config.voice as { voiceId: string | null; voiceName: string | null });
  return {
    document: { id: document.id, title: document.title, description: document.description, state: document.state },
    organization: { slug: ctx.actor.org.slug, name: ctx.actor.org.displayName },
    readiness,
    fields: fieldMap(fields),
    needs: needs.map((n) => ({ id: n.id, outputKey: n.outputKey, kind: n.kind, name: n.name, args: n.args, dependsOn: n.dependsOn, promptBody: n.promptBody, toolRef: n.toolRef, toolsAvailable: n.toolsAvailable })),
    sections: sections.map((s) => ({ id: s.id, key: s.key, title: s.title, renderMode: s.renderMode, outputType: s.outputType, prompt: s.prompt, outputTemplate: s.outputTemplate })),
    renderSectionIds: renderIds,
    currentOutputs: Object.fromEntries(sections.map((s) => [s.key, s.content])),
    computations: computationsOf(document),
    config: {
      synthesis: { enabled: config.synthesis.enabled !== false, instructions: (config.synthesis.instructions as string | null) ?? null, schema: (config.synthesis.schema as object | null) ?? null },
      coordination: { maxConcurrency: Number(config.coordination.maxConcurrency), needTimeoutMs: Number(config.coordination.needTimeoutMs) },
      brief: config.brief,
      verify: { enabled: config.verify.enabled !== false, judge: config.verify.judge as 'auto' },
      render: { concurrency: Number(config.render.concurrency) },
      models: config.models as PipelineInput['config']['models'],
    },
    voice,
    snippets: await snippetsForRender(ctx, document.id),
    variables: run.options.variables ?? {},
    refresh: false,
    now,
  };
}
