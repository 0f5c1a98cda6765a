/**
 * `GET /v1/merge-runs/{id}/result.zip`: the rows' files as one zip, streamed. Entries are stored
 * (a .docx or .pdf is compressed already) and written one at a time from the blob store, each
 * as a stream that waits for the client: the process holds one chunk, never the whole archive.
 */
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipPassThrough } from 'fflate';
import { ConflictError } from '../../../kernel/errors.js';
import type { BlobStore } from '../../../storage/blobs/blob-store.js';
import type { CommandContext } from '../../context.js';
import type { MergeRunRecord } from '../merge-run.repository.js';
import { requireMergeRun } from '../require-merge-run.js';

const PAGE = 100;
/** Entries carry the run's end as their time, so the same run downloads as the same bytes. */
function entryTime(run: MergeRunRecord): Date {
  const time = new Date(run.finished_at ?? run.created_at);
  return time.getUTCFullYear() < 1980 ? new Date('1980-01-01T00:00:00Z') : time;
}

/** Writes every done row's file into the zip, in row order, pacing the reads by the client. */
async function writeEntries(ctx: CommandContext, blobs: BlobStore, run: MergeRunRecord, zip: Zip, out: PassThrough): Promise<void> {
  const orgId = ctx.actor.org.orgId;
  for (let after = 0; ;) {
    const rows = await ctx.repos.mergeRuns.listRows(orgId, run.id, { afterRow: after, status: 'done', limit: PAGE });
    if (rows.length === 0) break;
    for (const row of rows) {
      after = row.row_number;
      if (!row.blob_key) continue;
      const entry = new ZipPassThrough(row.file_name);
      entry.mtime = entryTime(run);
      zip.add(entry);
      for await (const chunk of await blobs.openRead(orgId, row.blob_key)) {
        entry.push(chunk as Uint8Array);
        if (out.destroyed) return;
        if (out.writableNeedDrain) await once(out, 'drain');
      }
      entry.push(new Uint8Array(0), true);
    }
  }
  zip.end();
}

/**
 * @throws NotFoundError when the run is absent or another organization's.
 * @throws ConflictError while the run is still queued or running.
 */
export async function mergeResultZip(ctx: CommandContext, blobs: BlobStore, runId: string): Promise<{ run: MergeRunRecord; stream: Readable }> {
  const run = await requireMergeRun(ctx, runId);
  if (run.status === 'queued' || run.status === 'running') {
    throw new ConflictError(`merge run ${run.id} is ${run.status}: its zip is ready when it ends (follow ${`/v1/merge-runs/${run.id}/progress`})`);
  }
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) return void out.destroy(error);
    if (!out.destroyed) out.write(chunk);
    if (final) out.end();
  });
  writeEntries(ctx, blobs, run, zip, out).catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return { run, stream: out };
}
