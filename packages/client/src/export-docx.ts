/** `GET …/export.docx` as bytes and the filename the server gave in `Content-Disposition`. */
import type { QuireClient } from './client.js';
import { QuireApiError, detailOf } from './errors.js';

export interface ExportedDocx {
  filename: string;
  bytes: Uint8Array;
}

export async function exportDocx(client: QuireClient, documentId: string): Promise<ExportedDocx> {
  const { data, error, response } = await client.v1.GET('/v1/documents/{document_id}/export.docx', {
    params: { path: { document_id: documentId } },
    parseAs: 'arrayBuffer',
  });
  if (!response.ok || data === undefined) throw new QuireApiError(response.status, detailOf(error));
  return { filename: filenameOf(response.headers.get('content-disposition')) ?? `${documentId}.docx`, bytes: new Uint8Array(data) };
}

/** RFC 6266: `filename*=UTF-8''…` wins over `filename="…"`. */
export function filenameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (extended) return decodeURIComponent(extended[1].trim());
  const plain = /filename\s*=\s*"((?:[^"\\]|\\.)*)"|filename\s*=\s*([^;]+)/i.exec(disposition);
  return plain ? (plain[1] ?? plain[2]).replace(/\\(.)/g, '$1').trim() : undefined;
}
