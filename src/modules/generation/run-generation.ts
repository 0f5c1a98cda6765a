/**
 * The background side of a generation run: runs the pipeline with the ports that orchestrate
 * intake text, load the inputs, call models and tools; persists the output, and ends the run
 * with exactly one terminal event.
 */
import type { KeyObject } from 'node:crypto';
import { type OrgActor, systemActor } from '../../kernel/actor.js';
import type { PipelineEvent } from '../../pipeline/events.js';
import { hashOf } from '../../pipeline/inputs-hash.js';
import type { JobQueue } from '../../kernel/jobs.js';
import type { ModelGateway, ToolGateway } from '../../pipeline/ports.js';
import { type PipelinePorts, type PipelineResult, runPipeline } from '../../pipeline/run-pipeline.js';
import type { CommandContext } from '../context.js';
import type { DocumentRecord } from '../documents/document.repository.js';
import { buildManifest } from './build-manifest.js';
import type { GenerateJobPayload } from './generate-job-payload.js';
import { gatherPorts } from './gather-ports.js';
import { type DocumentInputs, loadDocumentInputs } from './inputs/load-document-inputs.js';
import { pipelineInputOf } from './inputs/pipeline-input.js';
import { orchestratePort } from './orchestrate-port.js';
import { persistRunOutput } from './persist-run-output.js';
import { queueGenerationWebhook } from './queue-generation-webhook.js';
import { type RecalledCaller, recallRunCaller } from './run-caller.js';
import { runCost } from './run-cost.js';
import { specOfInputs } from './spec-of-inputs.js';
import { RunEventWriter } from './run-event-writer.js';
import { sectionTemplate } from '../../pipeline/section-derivation.js';
import { storedTemplateChecksOf } from '../../tenant-code/stored-template-checks.js';
import type { RunRecord } from './run.repository.js';

export interface GenerationServices {
  model: ModelGateway;
  tools: ToolGateway;
  /** Webhook deliveries of terminal events are queued here, in the terminal event's transaction. */
  jobs: JobQueue;
  /** Builds a context acting for the run's creator in the run's organization. */
  contextFor(actor: OrgActor): CommandContext;
  price: { inputPerMTok: number; outputPerMTok: number };
  /** Opens the caller's sealed token (QUIRE_SECRET_KEY): the same key on every process. */
  secretKey: KeyObject;
}

/** The intake text a run orchestrates from first (`variables.source_text`), or null. */
function intakeTextOf(run: RunRecord): string | null {
  const sourceText = run.options.variables?.source_text;
  return typeof sourceText === 'string' && sourceText.trim() !== '' ? sourceText : null;
}

/** Runs one queued generation to its terminal event. Never throws for a pipeline failure. */
export async function runGeneration(services: GenerationServices, payload: GenerateJobPayload): Promise<void> {
  const system = systemActor({ orgId: payload.orgId, slug: payload.orgSlug, displayName: payload.orgName, isDefault: false });
  const systemCtx = services.contextFor(system);
  const repos = systemCtx.repos;
  // The run and its sealed credential in one read (ADR 0791).
  const found = await repos.runs.findWithCredential(payload.orgId, payload.runId);
  if (!found || found.run.status !== 'running') return; // finished elsewhere, or the document was deleted
  const { run } = found;
  // Whichever process accepted the generate, the caller's token came with the run (sealed).
  const recalled = await recallRunCaller(systemCtx, services.secretKey, { orgSlug: payload.orgSlug, runId: payload.runId }, found.credential);
  const { caller } = recalled;
  // Still the system actor, but on behalf of the run's creator. The token itself goes only to
  // the gather ports (per-user tools), never into the context's actor.
  const ctx = services.contextFor({ ...system, subject: caller?.subject ?? run.createdBy ?? system.subject, email: caller?.email ?? run.createdBy });
  // Progress events go through the writer in batches (see run-event-writer.ts for the flush points).
  const events = new RunEventWriter(
    (batch) => repos.runEvents.appendMany(payload.orgId, payload.documentId, run, batch),
    () => ctx.clock.now(),
  );
  const emit = async (event: PipelineEvent) => {
    if (event.event === 'pipeline_blocked') {
      await events.flush();
      // The status and the terminal event together: a crash between them would leave a run
      // that a restart ends a second time (or never ends).
      await endRun(systemCtx, services.jobs, payload, run, 'blocked', event, {});
      return;
    }
    await events.emit(event);
  };

  try {
    const document = await ctx.repos.documents.findById(payload.orgId, payload.documentId);
    if (!document) throw new Error('the document was deleted');
    const { ports, loadedInputs } = pipelinePorts(ctx, services, run, document, recalled, emit);
    const result = await runPipeline({ intakeText: intakeTextOf(run) }, ports);
    if (result.status === 'blocked') return; // ended with its event in `emit`
    await finishRun(ctx, services, payload, run, loadedInputs(), result, events);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // What was queued goes before the terminal event; if that write is what failed, it is dropped.
    await events.flush().catch(() => events.discard());
    await endRun(systemCtx, services.jobs, payload, run, 'failed', { event: 'pipeline_failed', error: message }, { error: message });
  }
}

/**
 * The pipeline's ports for this run. The input is loaded by the pipeline when it needs it (after
 * orchestration, when the run has intake text); the gather ports read the same assembled inputs,
 * and so does the run's end (`loadedInputs`), instead of reading the document again.
 */
function pipelinePorts(
  ctx: CommandContext,
  services: GenerationServices,
  run: RunRecord,
  document: DocumentRecord,
  recalled: RecalledCaller,
  emit: PipelinePorts['emit'],
): { ports: PipelinePorts; loadedInputs: () => DocumentInputs } {
  const now = ctx.clock.now().toISOString();
  let inputs: DocumentInputs | null = null;
  const loadedInputs = () => {
    if (!inputs) throw new Error('the run asked for its inputs before the pipeline loaded them');
    return inputs;
  };
  const ports: PipelinePorts = {
    emit,
    model: services.model,
    orchestrate: orchestratePort(ctx, services.model, document.id),
    loadInput: async () => {
      inputs = await loadDocumentInputs(ctx, document);
      return pipelineInputOf(inputs, run, now);
    },
    gather: (input) => {
      if (!inputs) throw new Error('gather ports asked for before the input was loaded');
      const callerState = recalled.caller ? { callerExpiresAt: recalled.expiresAt } : { callerUnavailable: recalled.unavailable };
      return gatherPorts(ctx, services, inputs, { caller: recalled.caller, ...callerState, models: input.config.models });
    },
  };
  return { ports, loadedInputs };
}

/** The rendered run's manifest, then its output, `finished` status and terminal event in one transaction. */
async function finishRun(
  ctx: CommandContext,
  services: GenerationServices,
  payload: GenerateJobPayload,
  run: RunRecord,
  inputs: DocumentInputs,
  result: Extract<PipelineResult, { status: 'rendered' }>,
  events: RunEventWriter,
): Promise<void> {
  // The spec of the inputs this run rendered, as the run loaded them (no second read).
  const spec = await specOfInputs(inputs);
  // What each section's template reads, for its derivation record: parsed in the tenant-code pool.
  const templateCheckOf = await storedTemplateChecksOf(result.input.sections.map(sectionTemplate));
  const manifest = buildManifest({
    input: result.input,
    result,
    run,
    templateId: inputs.document.templateId,
    specHash: hashOf(spec),
    model: services.model.status(),
    cost: runCost(result.usage, services.price, services.model.status().mode),
    templateCheckOf,
  });
  // Every progress event is durable before the terminal one: what is still queued (the verify
  // stage's events) is written with it, earlier seqs in the same statement and transaction, not
  // in a write of its own (ADR 0791).
  const pending = await events.takeQueued();
  try {
    await ctx.transaction(async (tx) => {
      const { webhooks } = await persistRunOutput(tx, run, result, manifest);
      const finished: PipelineEvent = {
        event: 'pipeline_finished',
        readiness: result.completeness,
        unsupported_sections: result.unsupported,
        failed_sections: result.failedSections,
      };
      await tx.repos.runEvents.appendMany(payload.orgId, payload.documentId, run, [...pending, { event: finished, at: tx.clock.now() }]);
      await queueGenerationWebhook(tx, services.jobs, run, finished, webhooks);
    });
  } catch (error) {
    // The failure path writes them before `pipeline_failed`.
    events.requeue(pending);
    throw error;
  }
}

/** A run whose process died: ends it with `pipeline_failed` so no run stays running forever. */
export async function failOrphanedRun(services: GenerationServices, payload: GenerateJobPayload, reason: string): Promise<void> {
  const ctx = services.contextFor(systemActor({ orgId: payload.orgId, slug: payload.orgSlug, displayName: payload.orgName, isDefault: false }));
  const repos = ctx.repos;
  const run = await repos.runs.findById(payload.orgId, payload.runId);
  if (!run) return;
  await endRun(ctx, services.jobs, payload, run, 'failed', { event: 'pipeline_failed', error: reason }, { error: reason });
}

/**
 * Ends a still-running run: its status and its terminal event in one transaction, so every
 * follower sees exactly one terminal event whatever moment the process dies at. No-op (false)
 * when the run had already ended. The terminal event's webhooks are queued in the same transaction.
 */
async function endRun(
  ctx: CommandContext,
  jobs: JobQueue,
  payload: GenerateJobPayload,
  run: RunRecord,
  status: 'failed' | 'blocked',
  event: PipelineEvent,
  details: { error?: string },
): Promise<boolean> {
  return ctx.transaction(async (tx) => {
    const { ended, webhooks } = await tx.repos.runs.finish(payload.orgId, run.id, status, { ...details, finishedAt: tx.clock.now().toISOString() });
    if (!ended) return false;
    await tx.repos.runEvents.append(payload.orgId, payload.documentId, run, event, tx.clock.now());
    await queueGenerationWebhook(tx, jobs, run, event, webhooks);
    return true;
  });
}
