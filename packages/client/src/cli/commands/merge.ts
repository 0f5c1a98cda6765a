/**
 * `quire merge <template> <rows.csv|.xlsx> [--format docx|pdf] [-o result.zip]`: starts a merge
 * run (one document per row), shows its progress until it ends, then saves its zip. Exit 0 when
 * every row was made; 1 when the run failed or any row failed, each named with its reason (the
 * zip then holds the rows that were made).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { type MergeRun, downloadMergeResult, failedMergeRows, getMergeRun, startMergeRun } from '../../merge-runs.js';
import { sleep } from '../../retry.js';
import { type CommandContext, requireArg } from '../context.js';
import { EXIT } from '../exit-codes.js';
import { readUploadFile } from '../upload-file.js';
import { UsageError } from '../usage-error.js';

const POLL_MS = 500;
const ENDED = new Set<MergeRun['status']>(['finished', 'failed', 'cancelled']);

export async function merge(ctx: CommandContext): Promise<number> {
  const slug = requireArg(ctx, 0, 'template');
  const rows = await readUploadFile(ctx, requireArg(ctx, 1, 'rows.csv|rows.xlsx'));
  const format = ctx.options.format;
  if (format !== undefined && format !== 'docx' && format !== 'pdf') throw new UsageError(`--format takes docx or pdf, got "${format}"`);
  const client = ctx.client();
  let run = await startMergeRun(client, slug, { file: rows, ...(format ? { format } : {}) });
  ctx.progress({ event: 'started', run }, `Merge run ${run.id} started: ${run.total} row(s) of ${rows.filename} → ${run.format}.`);
  let shown = '';
  for (;;) {
    const line = `  ${run.done + run.failed}/${run.total} row(s) done${run.failed > 0 ? `, ${run.failed} failed` : ''}`;
    if (line !== shown) {
      ctx.progress({ event: 'progress', run }, line);
      shown = line;
    }
    if (ENDED.has(run.status)) break;
    await sleep(POLL_MS);
    run = await getMergeRun(client, run.id);
  }
  const failed = run.failed > 0 ? await failedMergeRows(client, run.id) : [];
  let file: string | undefined;
  if (run.done > 0) {
    file = path.resolve(ctx.io.cwd, ctx.options.output ?? `${slug}-${run.id}.zip`);
    await fs.writeFile(file, await downloadMergeResult(client, run.id));
  }
  ctx.result(
    { event: 'done', run, failedRows: failed.map((r) => ({ row: r.row, error: r.error })), file: file ?? null },
    [
      `■ ${run.status}: ${run.done} of ${run.total} row(s) made${run.error ? ` (${run.error})` : ''}.`,
      ...failed.map((r) => `  ✗ row ${r.row}: ${r.error ?? 'failed'}`),
      ...(file ? [`Saved ${file}.`] : []),
    ].join('\n'),
  );
  return run.status === 'finished' && failed.length === 0 ? EXIT.ok : EXIT.failed;
}
