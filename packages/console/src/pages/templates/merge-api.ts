/**
 * The merge-run calls the console makes (issue #30, item 2), over the typed client: a preview of
 * how a spreadsheet's columns fill the template's fields, the start, the run and its failed rows,
 * its progress stream, and the zip of every document made.
 */
import { type QuireClient, QuireApiError, unwrapResult } from '@quire/client';
import type { service } from '@quire/client';

type Schemas = service.components['schemas'];
export type MergePreview = Schemas['MergePreview'];
export type MergeRun = Schemas['MergeRun'];
export type MergeRunRow = Schemas['MergeRunRow'];
export type MergeFormat = 'docx' | 'pdf';

/** What the user chose: the spreadsheet, the columns they mapped by hand, the output format. */
export interface MergeRequest {
  file: File;
  mapping: Record<string, string | null>;
  format: MergeFormat;
}

function detailOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'detail' in error ? (error as { detail: unknown }).detail : error;
}

function formOf(request: MergeRequest): FormData {
  const form = new FormData();
  form.append('file', request.file, request.file.name);
  form.append('format', request.format);
  if (Object.keys(request.mapping).length > 0) form.append('mapping', JSON.stringify(request.mapping));
  return form;
}

/** The typed body names the parts; the serializer sends the form itself (fetch sets the boundary). */
const FORM_BODY = { file: '' } as never;

export async function previewMerge(client: QuireClient, slug: string, request: MergeRequest): Promise<MergePreview> {
  return unwrapResult(
    await client.v1.POST('/v1/templates/{slug}/merge-runs/preview', {
      params: { path: { slug } },
      body: FORM_BODY,
      bodySerializer: () => formOf(request),
    }),
  );
}

export async function startMerge(client: QuireClient, slug: string, request: MergeRequest): Promise<MergeRun> {
  return unwrapResult(
    await client.v1.POST('/v1/templates/{slug}/merge-runs', { params: { path: { slug } }, body: FORM_BODY, bodySerializer: () => formOf(request) }),
  );
}

/** Every state a merge run can be in, in the order a run passes through them (the status select's order). */
export const MERGE_RUN_STATUSES = ['queued', 'running', 'finished', 'failed', 'cancelled'] as const satisfies readonly MergeRun['status'][];

/** A template's latest merge runs (one page of `limit`, newest first), only those in `status` when given; the server filters both (ADR 0786). */
export async function listTemplateMergeRuns(client: QuireClient, slug: string, status?: MergeRun['status'], limit = 10): Promise<MergeRun[]> {
  return unwrapResult(await client.v1.GET('/v1/merge-runs', { params: { query: { template: slug, status, limit } } }));
}

export async function getMergeRun(client: QuireClient, runId: string): Promise<MergeRun> {
  return unwrapResult(await client.v1.GET('/v1/merge-runs/{merge_run_id}', { params: { path: { merge_run_id: runId } } }));
}

/** Stops the run between rows; the documents already made stay in its zip. */
export async function cancelMergeRun(client: QuireClient, runId: string): Promise<MergeRun> {
  return unwrapResult(await client.v1.POST('/v1/merge-runs/{merge_run_id}/cancel', { params: { path: { merge_run_id: runId } } }));
}

/** The failed rows with their reasons (the first 200). */
export async function listFailedRows(client: QuireClient, runId: string): Promise<MergeRunRow[]> {
  return unwrapResult(
    await client.v1.GET('/v1/merge-runs/{merge_run_id}/rows', { params: { path: { merge_run_id: runId }, query: { status: 'failed', limit: 200 } } }),
  );
}

export async function downloadMergeZip(client: QuireClient, runId: string): Promise<Blob> {
  const result = await client.v1.GET('/v1/merge-runs/{merge_run_id}/result.zip', { params: { path: { merge_run_id: runId } }, parseAs: 'blob' });
  if (!result.response.ok || result.data === undefined) throw new QuireApiError(result.response.status, detailOf(result.error));
  return result.data as Blob;
}

/** The progress stream's body, resumed after `lastSeq` (the server replays what came after it). */
export async function openMergeProgress(client: QuireClient, runId: string, lastSeq: number, signal: AbortSignal): Promise<ReadableStream<Uint8Array>> {
  const result = await client.v1.GET('/v1/merge-runs/{merge_run_id}/progress', {
    params: { path: { merge_run_id: runId }, header: { 'last-event-id': String(lastSeq) } },
    headers: { accept: 'text/event-stream' },
    parseAs: 'stream',
    signal,
  });
  if (!result.response.ok || !result.response.body) throw new QuireApiError(result.response.status, detailOf(result.error));
  return result.response.body;
}
