/**
 * `quire assess <files…> [--name N]`: creates an assessment with the files, then shows the
 * extraction progress (documents processed, items extracted) until no document is pending.
 * Exit 0 when every file was accepted and extracted; 1 when any file was refused or failed,
 * each named with its reason (the others' items are still there to review).
 */
import { type AssessmentStatus, createAssessment, getAssessment, getProcessingDetails } from '../../assessments.js';
import { sleep } from '../../retry.js';
import type { CommandContext } from '../context.js';
import { EXIT } from '../exit-codes.js';
import { readUploadFile } from '../upload-file.js';
import { UsageError } from '../usage-error.js';

const POLL_MS = 500;

export async function assess(ctx: CommandContext): Promise<number> {
  if (ctx.args.length === 0) throw new UsageError('assess needs at least one file');
  const files = [];
  for (const arg of ctx.args) files.push(await readUploadFile(ctx, arg));
  const client = ctx.client();
  const name = ctx.options.name ?? `Assessment of ${files.map((f) => f.filename).join(', ')}`;
  const created = await createAssessment(client, { name, files });
  ctx.progress(
    { event: 'created', ...created },
    `Created assessment ${created.assessment.id} "${created.assessment.name}" with ${created.documents.length} document(s).`,
  );
  let status = created.assessment;
  let shown = '';
  for (;;) {
    const line = progressLine(status);
    if (line !== shown) {
      ctx.progress({ event: 'progress', assessment: status }, line);
      shown = line;
    }
    if (status.status !== 'processing') break;
    await sleep(POLL_MS);
    status = await getAssessment(client, status.id);
  }
  const failures = [
    ...created.rejected_files.map((r) => ({ filename: r.filename, reason: `refused: ${r.problems.map((problem) => problem.message).join('; ')}` })),
    ...(created.documents.length > 0 ? await getProcessingDetails(client, status.id) : [])
      .filter((d) => d.processing_status === 'failed')
      .map((d) => ({ filename: d.filename, reason: `extraction failed: ${d.errors.map((e) => e.message).join('; ') || 'no reason given'}` })),
  ];
  ctx.result(
    { event: 'done', assessment: status, failures },
    [
      `■ ${status.status}: ${status.counts.items} item(s) extracted, ${status.counts.needs_review} to review.`,
      ...failures.map((f) => `  ✗ ${f.filename} ${f.reason}`),
    ].join('\n'),
  );
  const extracted = status.status === 'in_review' || status.status === 'complete';
  return extracted && failures.length === 0 ? EXIT.ok : EXIT.failed;
}

function progressLine(status: AssessmentStatus): string {
  const done = status.counts.documents - status.counts.processing;
  return `  ${done}/${status.counts.documents} document(s) processed${status.counts.failed > 0 ? `, ${status.counts.failed} failed` : ''}; ${status.counts.items} item(s) extracted`;
}
