/**
 * `POST /generate` (and `POST /sections/{id}/regenerate`): starts a run in the background and
 * answers at once. One active run per document (a database index decides, across processes);
 * hand-edited sections block a full generation unless `force` or `preserveEdited` is sent.
 * The caller's token goes with the run, sealed (run-caller.ts), so whichever process executes
 * it can call per-user tools for the caller.
 */
import type { KeyObject } from 'node:crypto';
import { GenerateConflictError } from '../../../kernel/errors.js';
import { newId } from '../../../kernel/ids.js';
import type { JobQueue } from '../../../kernel/jobs.js';
import { type CommandContext, transactionHandleOf } from '../../context.js';
import { requireEditableDocument } from '../../documents/require-document.js';
import { requireSection } from '../../documents/require-document.js';
import { GENERATE_JOB, type GenerateJobPayload } from '../generate-job-payload.js';
import { keepRunCaller } from '../run-caller.js';

export interface StartGenerationInput {
  force?: boolean;
  preserveEdited?: boolean;
  variables?: Record<string, unknown>;
  /** Gather every data-need afresh instead of reusing stored rows. */
  refresh?: boolean;
  /** Regenerate exactly this section. */
  sectionId?: string;
}

export interface GenerateResponse {
  started: boolean;
  alreadyRunning: boolean;
  documentId: string;
  progressUrl: string;
  runId?: number;
}

/**
 * @throws NotFoundError when the document (or section) is absent or foreign.
 * @throws DomainValidationError when the document is finalized.
 * @throws GenerateConflictError when hand-edited sections exist and neither force nor preserveEdited is set.
 */
export async function startGeneration(
  ctx: CommandContext,
  services: { jobs: JobQueue; secretKey: KeyObject },
  documentId: string,
  input: StartGenerationInput,
): Promise<GenerateResponse> {
  const { jobs } = services;
  const document = await requireEditableDocument(ctx, documentId);
  const orgId = ctx.actor.org.orgId;
  const repos = ctx.repos;
  const answer = (started: boolean, runId?: number): GenerateResponse => ({
    started,
    alreadyRunning: !started,
    documentId: document.id,
    progressUrl: `/v1/documents/${document.id}/progress`,
    ...(runId !== undefined ? { runId } : {}),
  });
  if (await repos.runs.findActive(orgId, document.id)) return answer(false);

  if (input.sectionId) {
    await requireSection(ctx, document.id, input.sectionId);
  } else if (!input.force && !input.preserveEdited) {
    const edited = (await ctx.repos.sections.listByDocument(orgId, document.id)).filter((s) => s.status === 'edited');
    if (edited.length > 0) throw new GenerateConflictError(edited.map((s) => s.title));
  }

  const runId = newId('run');
  const payload: GenerateJobPayload = { orgId, orgSlug: ctx.actor.org.slug, orgName: ctx.actor.org.displayName, documentId: document.id, runId };
  // The run, its sealed caller and its job in one transaction: a process dying between them
  // would otherwise leave a run `running` with no job to end it (holding the document's one
  // active slot), or a job whose run cannot act for its caller.
  let jobId = '';
  const run = await ctx.transaction(async (tx) => {
    const started = await tx.repos.runs.tryStart(orgId, {
      id: runId,
      documentId: document.id,
      kind: input.sectionId ? 'regenerate' : 'generate',
      options: {
        force: input.force ?? false,
        preserveEdited: input.preserveEdited ?? false,
        variables: input.variables ?? {},
        refresh: input.refresh ?? false,
        ...(input.sectionId ? { sectionIds: [input.sectionId] } : {}),
      },
      createdBy: ctx.actor.email,
      startedAt: ctx.clock.now().toISOString(),
    });
    if (!started) return null;
    await keepRunCaller(tx, services.secretKey, runId);
    jobId = `generate:${document.id}:${started.runNumber}`;
    await jobs.enqueue(GENERATE_JOB, payload, { id: jobId, transaction: transactionHandleOf(tx) });
    return started;
  });
  if (!run) return answer(false);
  jobs.wake(GENERATE_JOB); // committed: this process claims it now (the others were notified at the commit)
  return answer(true, run.runNumber);
}
