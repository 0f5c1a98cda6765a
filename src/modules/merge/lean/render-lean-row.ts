/**
 * One lean merge row → its file in the blob store: the row's document made in memory, its
 * readiness judged as the pipeline's gate judges it (a blank required value fails the row, saying
 * why), then filled into the Word template exactly as its `export.docx` fills it — the same
 * functions over the same records — without running a generation. Nothing is written to the
 * database here: the caller writes the document with the row's outcome.
 */
import { Readable } from 'node:stream';
import { fillWordTemplate } from '../../../tenant-code/word-templates.js';
import type { CommandContext } from '../../context.js';
import { composedDocumentOf } from '../../export/queries/build-composed-document.js';
import { staleNotice } from '../../export/queries/stale-notice.js';
import { wordTemplateFillOf } from '../../export/queries/word-template-fill.js';
import { readinessOf } from '../../generation/inputs/readiness-input.js';
import { sectionStaleness } from '../../generation/queries/section-staleness.js';
import type { MergeRowRecord } from '../merge-run.repository.js';
import type { MergeServices } from '../merge-services.js';
import { type MergePhaseMs, phaseTimer } from '../merge-phases.js';
import { type LeanDocument, leanDocumentOf, leanInputsOf } from './lean-document.js';
import type { LeanMergePlan } from './lean-merge-plan.js';

/** Largest output kept for one row (a one-page letter is tens of kilobytes). */
const MAX_OUTPUT_BYTES = 200 * 1024 * 1024;

export type LeanRowOutcome =
  { status: 'done'; lean: LeanDocument; blobKey: string; sizeBytes: number; phaseMs: MergePhaseMs } | { status: 'failed'; lean: LeanDocument; message: string };

/** Renders one row; a row that is not ready, or whose fill fails, answers `failed` with the reason (its document is still made, as the full path makes it). */
export async function renderLeanRow(ctx: CommandContext, services: MergeServices, plan: LeanMergePlan, row: MergeRowRecord): Promise<LeanRowOutcome> {
  const phases = phaseTimer();
  const lean = leanDocumentOf(ctx, plan, row.file_name.replace(/\.(docx|pdf)$/, ''), row.fields);
  const inputs = leanInputsOf(ctx, plan, lean);
  const create = phases.lap();
  try {
    const readiness = await readinessOf(inputs);
    if (!readiness.generation_should_proceed) {
      const gaps = readiness.gaps.filter((gap) => gap.blocking).map((gap) => gap.message);
      return { status: 'failed', lean, message: `the document is not ready to generate: ${gaps.join('; ')}` };
    }
    const gate = phases.lap();
    const staleness = await sectionStaleness(ctx, { model: services.model, tools: services.tools }, lean.document, undefined, inputs);
    const composed = await composedDocumentOf(ctx, inputs, { reviewComments: 'word', notice: staleNotice(inputs.sections, staleness) });
    const bytes = await fillWordTemplate(plan.wordTemplateBytes, await wordTemplateFillOf(inputs, composed), plan.wordTemplateLane);
    const exporting = phases.lap();
    const blob = await services.blobs.put(ctx.actor.org.orgId, Readable.from([bytes]), { maxBytes: MAX_OUTPUT_BYTES });
    return {
      status: 'done',
      lean,
      blobKey: blob.key,
      sizeBytes: blob.size_bytes,
      phaseMs: { create, generate: gate, export: exporting, store: phases.lap() },
    };
  } catch (error) {
    return { status: 'failed', lean, message: error instanceof Error ? error.message : String(error) };
  }
}
