/**
 * Word templates and merge runs: store a template's Word template, start a merge run from a CSV
 * or .xlsx file (one document per row), read its state and failed rows, download its zip.
 */
import type { QuireClient } from './client.js';
import { QuireApiError, detailOf } from './errors.js';
import type { components } from './generated/v1.js';
import type { UploadFile } from './assessments.js';
import { unwrap } from './unwrap.js';

export type WordTemplateInfo = components['schemas']['WordTemplateInfo'];
export type MergeRun = components['schemas']['MergeRun'];
export type MergeRunRow = components['schemas']['MergeRunRow'];

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** `PUT /v1/templates/{slug}/word-template`: stored when its report has no error (422 with the report otherwise). */
export async function putTemplateWordTemplate(client: QuireClient, slug: string, file: UploadFile): Promise<WordTemplateInfo> {
  const result = await client.v1.PUT('/v1/templates/{slug}/word-template', {
    params: { path: { slug } },
    // The typed body names the part; the serializer sends the bytes as a Blob instead.
    body: { file: '' },
    bodySerializer: () => {
      const form = new FormData();
      form.append('file', new Blob([file.bytes], { type: file.type ?? DOCX }), file.filename);
      return form;
    },
  });
  return unwrap(result);
}

/** `POST /v1/templates/{slug}/merge-runs` with the rows file: 202 with the run (it works in the background). */
export async function startMergeRun(
  client: QuireClient,
  slug: string,
  input: { file: UploadFile; format?: 'docx' | 'pdf'; fileNamePattern?: string },
): Promise<MergeRun> {
  const result = await client.v1.POST('/v1/templates/{slug}/merge-runs', {
    params: { path: { slug } },
    body: { file: '' },
    bodySerializer: () => {
      const form = new FormData();
      form.append('file', new Blob([input.file.bytes], { type: input.file.type ?? 'application/octet-stream' }), input.file.filename);
      if (input.format) form.append('format', input.format);
      if (input.fileNamePattern) form.append('fileNamePattern', input.fileNamePattern);
      return form;
    },
  });
  return unwrap(result);
}

export async function getMergeRun(client: QuireClient, runId: string): Promise<MergeRun> {
  return unwrap(await client.v1.GET('/v1/merge-runs/{merge_run_id}', { params: { path: { merge_run_id: runId } } }));
}

/** The run's failed rows (every page), each with why it failed. */
export async function failedMergeRows(client: QuireClient, runId: string): Promise<MergeRunRow[]> {
  const rows: MergeRunRow[] = [];
  let cursor: string | undefined;
  do {
    const result = await client.v1.GET('/v1/merge-runs/{merge_run_id}/rows', {
      params: { path: { merge_run_id: runId }, query: { status: 'failed', limit: 200, cursor } },
    });
    rows.push(...unwrap(result));
    cursor = result.response.headers.get('x-next-cursor') ?? undefined;
  } while (cursor !== undefined);
  return rows;
}

/** `GET /v1/merge-runs/{id}/result.zip`: every file the run made, as one zip. */
export async function downloadMergeResult(client: QuireClient, runId: string): Promise<Uint8Array> {
  const { data, error, response } = await client.v1.GET('/v1/merge-runs/{merge_run_id}/result.zip', {
    params: { path: { merge_run_id: runId } },
    parseAs: 'arrayBuffer',
  });
  if (!response.ok || data === undefined) throw new QuireApiError(response.status, detailOf(error));
  return new Uint8Array(data);
}
