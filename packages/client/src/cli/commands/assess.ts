/**
 * `quire assess <files…> [--name N]`: creates an assessment with the files, then shows the
 * extraction progress (documents processed, items extracted) until no document is pending.
 * Exit 0 when extraction ended (in review or complete), 1 when every document failed or no
 * file was accepted.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { type AssessmentStatus, createAssessment, getAssessment } from '../../assessments.js';
import { sleep } from '../../retry.js';
import type { CommandContext } from '../context.js';
import { EXIT } from '../exit-codes.js';
import { UsageError } from '../usage-error.js';

const POLL_MS = 500;

const MEDIA_TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.csv': 'text/csv',
  '.txt': 'text/plain',
  '.md': 'text/markdown',
  '.json': 'application/json',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
};

export async function assess(ctx: CommandContext): Promise<number> {
  if (ctx.args.length === 0) throw new UsageError('assess needs at least one file');
  const files = [];
  for (const arg of ctx.args) {
    const file = path.resolve(ctx.io.cwd, arg);
    const bytes = await fs.readFile(file).catch(() => {
      throw new UsageError(`cannot read ${arg}`);
    });
    files.push({ filename: path.basename(file), bytes: new Uint8Array(bytes), type: MEDIA_TYPES[path.extname(file).toLowerCase()] });
  }
  const client = ctx.client();
  const name = ctx.options.name ?? `Assessment of ${files.map((f) => f.filename).join(', ')}`;
  const created = await createAssessment(client, { name, files });
  ctx.progress(
    { event: 'created', ...created },
    [
      `Created assessment ${created.assessment.id} "${created.assessment.name}" with ${created.documents.length} document(s).`,
      ...created.rejected_files.map((r) => `  ✗ ${r.filename} refused: ${r.problems.map((problem) => problem.message).join('; ')}`),
    ].join('\n'),
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
  ctx.result({ event: 'done', assessment: status }, `■ ${status.status}: ${status.counts.items} item(s) extracted, ${status.counts.needs_review} to review.`);
  return status.status === 'in_review' || status.status === 'complete' ? EXIT.ok : EXIT.failed;
}

function progressLine(status: AssessmentStatus): string {
  const done = status.counts.documents - status.counts.processing;
  return `  ${done}/${status.counts.documents} document(s) processed${status.counts.failed > 0 ? `, ${status.counts.failed} failed` : ''}; ${status.counts.items} item(s) extracted`;
}
