/**
 * The background side of a generation run: loads the inputs, runs the pipeline with the
 * model and tool ports, persists the output, and ends the run with exactly one terminal event.
 */
import type { OrgActor } from '../../kernel/actor.js';
import type { PipelineEvent } from '../../pipeline/events.js';
import { hashOf } from '../../pipeline/inputs-hash.js';
import type { ModelGateway, ToolGateway } from '../../pipeline/ports.js';
import { runPipeline } from '../../pipeline/run-pipeline.js';
import type { CommandContext } from '../context.js';
import { orchestrateDocument } from '../assistants/orchestration/orchestrate-document.js';
import { getDocumentSpec } from '../templates/queries/get-document-spec.js';
import { buildManifest } from './build-manifest.js';
import { callerRegistry } from './caller-registry.js';
import type { GenerateJobPayload } from './generate-job-payload.js';
import { gatherPorts } from './gather-ports.js';
import { loadDocumentInputs } from './inputs/load-document-inputs.js';
import { pipelineInputOf } from './inputs/pipeline-input.js';
import { persistRunOutput } from './persist-run-output.js';
import { runCost } from './run-cost.js';

export interface GenerationServices {
  model: ModelGateway;
  tools: ToolGateway;
  /** Builds a context acting for the run's creator in the run's organization. */
  contextFor(actor: OrgActor): CommandContext;
  price: { inputPerMTok: number; outputPerMTok: number };
}

/** Runs one queued generation to its terminal event. Never throws for a pipeline failure. */
export async function runGeneration(services: GenerationServices, payload: GenerateJobPayload): Promise<void> {
  const org = { orgId: payload.orgId, slug: payload.orgSlug, displayName: payload.orgName, isDefault: false };
  const caller = callerRegistry.get(payload.runId);
  const systemCtx = services.contextFor({ userId: 'system', subject: 'system', email: null, memberships: [org], org, bearerToken: '' });
  const repos = systemCtx.repos;
  const run = await repos.runs.findById(payload.orgId, payload.runId);
  if (!run || run.status !== 'running') return; // finished elsewhere, or the document was deleted
  const ctx = services.contextFor({ userId: 'system', subject: run.createdBy ?? 'system', email: run.createdBy, memberships: [org], org, bearerToken: caller?.bearerToken ?? '' });
  const emit = async (event: PipelineEvent) => {
    await repos.runEvents.append(payload.orgId, payload.documentId, run, event);
  };

  try {
    const document = await ctx.repos.documents.findById(payload.orgId, payload.documentId);
    if (!document) throw new Error('the document was deleted');
    const now = ctx.clock.now().toISOString();
    // A run given intake text orchestrates first: the fields it sets are what the readiness
    // gate and every later stage see.
    const sourceText = run.options.variables?.source_text;
    const orchestrates = typeof sourceText === 'string' && sourceText.trim() !== '';
    if (orchestrates) {
      await emit({ event: 'pipeline_started' });
      await emit({ event: 'orchestrate_started' });
      await orchestrateDocument(ctx, services.model, document.id, { source_text: sourceText });
    }
    const inputs = await loadDocumentInputs(ctx, document);
    const input = { ...(await pipelineInputOf(inputs, run, now)), alreadyStarted: orchestrates };
    const result = await runPipeline(input, {
      emit,
      model: services.model,
      gather: gatherPorts(ctx, services, inputs, { caller, models: input.config.models }),
    });
    if (result.status === 'blocked') {
      await repos.runs.finish(payload.orgId, run.id, 'blocked', { finishedAt: ctx.clock.now().toISOString() });
      return;
    }
    const spec = await getDocumentSpec(ctx, document.id);
    const manifest = buildManifest({
      input,
      result,
      run,
      templateId: document.templateId,
      specHash: hashOf(spec),
      model: services.model.status(),
      cost: runCost(result.usage, services.price, services.model.status().mode),
    });
    await persistRunOutput(ctx, run, result, manifest);
    await emit({ event: 'pipeline_finished', readiness: result.completeness, unsupported_sections: result.unsupported });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const ended = await repos.runs.finish(payload.orgId, run.id, 'failed', { error: message, finishedAt: new Date().toISOString() });
    if (ended) await emit({ event: 'pipeline_failed', error: message });
  } finally {
    callerRegistry.forget(payload.runId);
  }
}

/** A run whose process died: ends it with `pipeline_failed` so no run stays running forever. */
export async function failOrphanedRun(services: GenerationServices, payload: GenerateJobPayload, reason: string): Promise<void> {
  const org = { orgId: payload.orgId, slug: payload.orgSlug, displayName: payload.orgName, isDefault: false };
  const ctx = services.contextFor({ userId: 'system', subject: 'system', email: null, memberships: [org], org, bearerToken: '' });
  const repos = ctx.repos;
  const run = await repos.runs.findById(payload.orgId, payload.runId);
  if (!run) return;
  const ended = await repos.runs.finish(payload.orgId, run.id, 'failed', { error: reason, finishedAt: new Date().toISOString() });
  if (ended) await repos.runEvents.append(payload.orgId, payload.documentId, run, { event: 'pipeline_failed', error: reason });
}
