/**
 * The Word-template calls the console makes (issue #30), over the typed client (`client.v1`):
 * inspect a .docx without storing it, read / store / remove / download a template's or a
 * document's Word template, and draw a document's page as it prints. A refused store (422) is
 * an answer here, not an error: its report is what the user needs to fix the file.
 */
import { type QuireClient, QuireApiError, unwrapResult } from '@quire/client';
import type { service } from '@quire/client';

type Schemas = service.components['schemas'];
export type WordTemplateReport = Schemas['WordTemplateReport'];
export type WordTemplateInfo = Schemas['WordTemplateInfo'];
export type WordTagLocation = Schemas['WordTagLocation'];

/** Whose Word template: a template's (by slug) or a single document's. */
export type WordTemplateOwner = { kind: 'template'; slug: string } | { kind: 'document'; documentId: string };

export type StoreOutcome = { stored: true; info: WordTemplateInfo } | { stored: false; detail: string; report: WordTemplateReport };

function multipart(file: File): FormData {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
}

/** The typed body names the part; the serializer sends the file itself (fetch sets the boundary). */
const FILE_BODY = { file: '' };

function detailOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'detail' in error ? (error as { detail: unknown }).detail : error;
}

/** `POST /v1/word-templates/inspect`: the report, bound against the template when one is named. */
export async function inspectWordTemplate(client: QuireClient, file: File, templateSlug?: string): Promise<WordTemplateReport> {
  const result = await client.v1.POST('/v1/word-templates/inspect', {
    params: { query: templateSlug ? { template: templateSlug } : {} },
    body: FILE_BODY,
    bodySerializer: () => multipart(file),
  });
  return unwrapResult(result);
}

/** The stored Word template's file name, size and report; null when there is none (404). */
export async function getWordTemplate(client: QuireClient, owner: WordTemplateOwner): Promise<WordTemplateInfo | null> {
  const result =
    owner.kind === 'template'
      ? await client.v1.GET('/v1/templates/{slug}/word-template', { params: { path: { slug: owner.slug } } })
      : await client.v1.GET('/v1/documents/{document_id}/word-template', { params: { path: { document_id: owner.documentId } } });
  // A missing template or document is an error; one without a Word template is an answer.
  if (result.response.status === 404 && /has no Word template/.test(String(detailOf(result.error)))) return null;
  return unwrapResult(result);
}

/** Stores the file (replacing any earlier one); a file with errors comes back with its report and nothing is stored. */
export async function storeWordTemplate(client: QuireClient, owner: WordTemplateOwner, file: File): Promise<StoreOutcome> {
  const options = { body: FILE_BODY, bodySerializer: () => multipart(file) };
  const result =
    owner.kind === 'template'
      ? await client.v1.PUT('/v1/templates/{slug}/word-template', { params: { path: { slug: owner.slug } }, ...options })
      : await client.v1.PUT('/v1/documents/{document_id}/word-template', { params: { path: { document_id: owner.documentId } }, ...options });
  const refused = result.error as { detail?: unknown; report?: WordTemplateReport } | undefined;
  if (result.response.status === 422 && refused?.report) return { stored: false, detail: String(refused.detail ?? ''), report: refused.report };
  return { stored: true, info: unwrapResult(result) };
}

export async function removeWordTemplate(client: QuireClient, owner: WordTemplateOwner): Promise<void> {
  const result =
    owner.kind === 'template'
      ? await client.v1.DELETE('/v1/templates/{slug}/word-template', { params: { path: { slug: owner.slug } } })
      : await client.v1.DELETE('/v1/documents/{document_id}/word-template', { params: { path: { document_id: owner.documentId } } });
  if (!result.response.ok) throw new QuireApiError(result.response.status, detailOf(result.error));
}

/** The stored .docx (a document's own, or the template's it inherits). */
export async function downloadWordTemplate(client: QuireClient, owner: WordTemplateOwner): Promise<Blob> {
  const result =
    owner.kind === 'template'
      ? await client.v1.GET('/v1/templates/{slug}/word-template/file', { params: { path: { slug: owner.slug } }, parseAs: 'blob' })
      : await client.v1.GET('/v1/documents/{document_id}/word-template/file', { params: { path: { document_id: owner.documentId } }, parseAs: 'blob' });
  if (!result.response.ok || result.data === undefined) throw new QuireApiError(result.response.status, detailOf(result.error));
  return result.data as Blob;
}

/**
 * `GET /v1/documents/{id}/preview.png`: one page as it prints, as a PNG Blob. An `<img src>` at
 * the API could not carry the bearer token, so the page shows it from an object URL.
 */
export async function previewPage(client: QuireClient, documentId: string, page: number, dpi: number): Promise<Blob> {
  const result = await client.v1.GET('/v1/documents/{document_id}/preview.png', {
    params: { path: { document_id: documentId }, query: { page, dpi } },
    parseAs: 'blob',
  });
  if (!result.response.ok || result.data === undefined) throw new QuireApiError(result.response.status, detailOf(result.error));
  return new Blob([result.data as Blob], { type: 'image/png' });
}

/** Saves a Blob under a file name through a temporary link (the browser's own download). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = window.document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
