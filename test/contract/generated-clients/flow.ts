/**
 * A third party's flow through the contract with two independently generated clients
 * (openapi-typescript with openapi-fetch, and hey-api's fetch client), written the way an integrator
 * would: no casts (the test fails on the word for one anywhere in this file), so every value below
 * is typed by what the contract declares. Byte answers come back whole from both (a PDF, a .docx,
 * an .xlsx and a CSV compared byte for byte) while their errors are typed `{detail}`
 * (docs/adr/0771-binary-answers-typed-errors.md). The generated modules live in ./out
 * (generate.ts writes them; git ignores them).
 */
import createClient from 'openapi-fetch';
import { client } from './out/hey-api/client.gen.js';
import {
  createText,
  devLogin,
  exportDocx,
  exportSourceDocument,
  getDocument,
  getSourceDocumentContent,
  listTexts,
  uploadSourceDocuments,
  whoami,
} from './out/hey-api/sdk.gen.js';
import type { ProgressEvent } from './out/hey-api/types.gen.js';
import type { components, paths } from './out/openapi-types.js';

type TypedProgressEvent = components['schemas']['ProgressEvent'];

export interface FlowReport {
  org: string | null;
  conflictDetail: string;
  tooLargeStatus: number;
  tooLargeDetail: string;
  validationLocs: string[];
  notFoundDetail: string;
  eventKinds: string[];
  finishedSections: number;
  docxFirstBytes: number[];
  docxBytesFromOpenapiFetch: number;
  /** A byte operation's 404, read from each client's typed error: [hey-api, openapi-fetch]. */
  binaryNotFound: string[];
  /** The uploaded PDF read back from `/content` is the same bytes: [hey-api, openapi-fetch]. */
  pdfSameBytes: boolean[];
  /** The first two bytes of the .xlsx export: [hey-api, openapi-fetch]. */
  xlsxFirstBytes: number[][];
  /** The CSV export, byte for byte the same from both clients. */
  csvSameBytes: boolean;
  csvHeader: string;
  textsWalked: number;
}

/** What one event says, read through the union: each kind's own keys, no cast. */
function describe(event: TypedProgressEvent): string {
  switch (event.event) {
    case 'need_finished':
      return `${event.event}:${event.outputKey}:${event.elapsedMs >= 0}`;
    case 'render_started':
      return `${event.event}:${event.sectionId.length > 0}`;
    case 'pipeline_failed':
      return `${event.event}:${event.error}`;
    default:
      return event.event;
  }
}

/** The same union from the other generator: the terminal event's own keys. */
function sectionsOf(event: ProgressEvent): number {
  return event.event === 'pipeline_finished' ? event.unsupported_sections.length + (event.failed_sections ?? []).length : -1;
}

/** `data:` lines of a server-sent event stream, parsed (JSON.parse gives `any`, assignable to the union). */
function framesOf(stream: string): TypedProgressEvent[] {
  const events: TypedProgressEvent[] = [];
  for (const line of stream.split('\n')) {
    if (!line.startsWith('data: ')) continue;
    const event: TypedProgressEvent = JSON.parse(line.slice('data: '.length));
    events.push(event);
  }
  return events;
}

/** A typed error body's `detail`, or what the call answered instead. */
function detailOf(error: { detail: unknown } | undefined, status: number): string {
  return typeof error?.detail === 'string' ? error.detail : `answered ${status}`;
}

/** The bytes of a hey-api answer that decodes to a Blob (its success type for byte answers; `unknown` for an export, narrowed here). */
async function blobBytes(data: unknown, what: string): Promise<Uint8Array> {
  if (!(data instanceof Blob)) throw new Error(`${what}: not bytes but ${typeof data}`);
  return new Uint8Array(await data.arrayBuffer());
}

/**
 * The bytes of an openapi-fetch answer read with `parseAs: 'arrayBuffer'`. An export's 200 also
 * has free JSON (the JSON exporters), which openapi-fetch 0.17 types `data` by (`unknown`), so it
 * is narrowed here; its errors stay typed.
 */
function bufferBytes(data: unknown, what: string): Uint8Array {
  if (!(data instanceof ArrayBuffer)) throw new Error(`${what}: not bytes but ${typeof data}`);
  return new Uint8Array(data);
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

export async function runFlow(baseUrl: string, pdf: Uint8Array<ArrayBuffer>): Promise<FlowReport> {
  client.setConfig({ baseUrl });
  const login = await devLogin();
  if (login.data === undefined) throw new Error(`dev-login answered ${login.response.status}`);
  const authorization = `Bearer ${login.data.token}`;
  client.setConfig({ baseUrl, headers: { authorization } });
  const typed = createClient<paths>({ baseUrl, headers: { authorization } });

  const me = await whoami();
  if (me.data === undefined) throw new Error(`whoami answered ${me.response.status}`);

  // Errors: the 409 conflict, the 413 of a body over the limit (a body Node's fetch sends whole), the 422 array, a 404's string.
  const key = `flow-${Date.now()}`;
  const first = await createText({ body: { key, value: 'one' } });
  if (first.error !== undefined) throw new Error(`createText answered ${first.response.status}`);
  const again = await createText({ body: { key, value: 'two' } });
  if (again.error === undefined || again.response.status !== 409) throw new Error(`a duplicate key answered ${again.response.status}`);
  const conflictDetail = typeof again.error.detail === 'string' ? again.error.detail : JSON.stringify(again.error.detail);
  const huge = await createText({ body: { key: `${key}-huge`, value: 'x'.repeat(6 * 1024 * 1024) } });
  const tooLargeDetail = huge.response.status === 413 ? detailOf(huge.error, huge.response.status) : `answered ${huge.response.status}`;
  const invalid = await typed.POST('/v1/documents', { body: { templateId: '', fields: { a: 'b' } } });
  const validationDetail = invalid.error?.detail ?? [];
  const validationLocs = Array.isArray(validationDetail) ? validationDetail.map((e) => e.loc.join('.')) : [validationDetail];
  const missing = await getDocument({ path: { document_id: 'doc_does_not_exist' } });
  const notFoundDetail = detailOf(missing.error, missing.response.status);

  // A document generated, its progress read as typed events from both generators' unions.
  const template = await typed.POST('/v1/templates', {
    body: {
      slug: key,
      title: 'Flow',
      fields: [{ key: 'name', value: 'Ada' }],
      sections: [{ key: 'hello', title: 'Hello', render_mode: 'templated', output_type: 'markdown', output_template: 'Hello {{ name }}' }],
    },
    params: { query: {} },
  });
  if (template.error !== undefined) throw new Error(`createTemplate failed: ${JSON.stringify(template.error)}`);
  const created = await typed.POST('/v1/documents', { body: { templateId: key } });
  if (created.data === undefined) throw new Error(`createDocument failed: ${JSON.stringify(created.error)}`);
  const documentId = created.data.document.id;
  const started = await typed.POST('/v1/documents/{document_id}/generate', { params: { path: { document_id: documentId } }, body: { force: true } });
  if (started.error !== undefined) throw new Error(`generate failed: ${JSON.stringify(started.error)}`);
  const stream = await typed.GET('/v1/documents/{document_id}/progress', { params: { path: { document_id: documentId } }, parseAs: 'text' });
  const events = framesOf(stream.data ?? '');
  const terminal: ProgressEvent | undefined = events.at(-1);

  // Bytes: hey-api answers a Blob by the answer's Content-Type, openapi-fetch an ArrayBuffer when asked.
  const docx = await exportDocx({ path: { document_id: documentId } });
  if (docx.data === undefined) throw new Error(`exportDocx answered ${docx.response.status}`);
  const docxFirstBytes = [...(await blobBytes(docx.data, 'the .docx')).subarray(0, 2)];
  const viaFetch = await typed.GET('/v1/documents/{document_id}/export.docx', { params: { path: { document_id: documentId } }, parseAs: 'arrayBuffer' });
  // …and the same byte operation's 404 is a typed `{detail}` in both.
  const docxMissing = await exportDocx({ path: { document_id: 'doc_does_not_exist' } });
  const docxMissingViaFetch = await typed.GET('/v1/documents/{document_id}/export.docx', {
    params: { path: { document_id: 'doc_does_not_exist' } },
    parseAs: 'arrayBuffer',
  });
  const binaryNotFound = [detailOf(docxMissing.error, docxMissing.response.status), detailOf(docxMissingViaFetch.error, docxMissingViaFetch.response.status)];

  // An uploaded PDF read back from `/content`, and its extracted data exported as .xlsx and CSV.
  const upload = await uploadSourceDocuments({ body: { files: [new File([pdf], 'invoice.pdf', { type: 'application/pdf' })] } });
  if (upload.data === undefined) throw new Error(`upload answered ${upload.response.status}: ${JSON.stringify(upload.error)}`);
  const sourceId = upload.data.documents[0].id;
  const content = await getSourceDocumentContent({ path: { id: sourceId } });
  const contentViaFetch = await typed.GET('/documents/{id}/content', { params: { path: { id: sourceId } }, parseAs: 'arrayBuffer' });
  const pdfSameBytes = [
    sameBytes(await blobBytes(content.data, 'the PDF'), pdf),
    sameBytes(bufferBytes(contentViaFetch.data, 'the PDF via openapi-fetch'), pdf),
  ];
  const exportPath = (exporter_name: string) => ({ path: { id: sourceId, exporter_name } });
  const xlsx = await exportSourceDocument({ ...exportPath('xlsx'), body: { policy: 'all' } });
  const xlsxViaFetch = await typed.POST('/documents/{id}/export/{exporter_name}', {
    params: exportPath('xlsx'),
    body: { policy: 'all' },
    parseAs: 'arrayBuffer',
  });
  const xlsxFirstBytes = [
    [...(await blobBytes(xlsx.data, 'the .xlsx')).subarray(0, 2)],
    [...bufferBytes(xlsxViaFetch.data, 'the .xlsx via openapi-fetch').subarray(0, 2)],
  ];
  // hey-api decodes text/csv to a string by default; asking for a Blob keeps the bytes.
  const csv = await exportSourceDocument({ ...exportPath('csv'), body: { policy: 'all' }, parseAs: 'blob' });
  const csvViaFetch = await typed.POST('/documents/{id}/export/{exporter_name}', {
    params: exportPath('csv'),
    body: { policy: 'all' },
    parseAs: 'arrayBuffer',
  });
  const csvBytes = await blobBytes(csv.data, 'the CSV');
  const csvSameBytes = sameBytes(csvBytes, bufferBytes(csvViaFetch.data, 'the CSV via openapi-fetch'));
  const csvHeader = new TextDecoder().decode(csvBytes).split(/\r?\n/)[0] ?? '';

  // Every text, page by page, following the one paging convention (`Link: <…>; rel="next"`).
  let textsWalked = 0;
  let cursor: string | undefined;
  do {
    const page = await listTexts({ query: { limit: 1, cursor } });
    if (page.data === undefined) throw new Error(`listTexts answered ${page.response.status}`);
    textsWalked += page.data.length;
    cursor = page.response.headers.get('x-next-cursor') ?? undefined;
  } while (cursor !== undefined);

  return {
    org: me.data.activeOrg,
    conflictDetail,
    tooLargeStatus: huge.response.status,
    tooLargeDetail,
    validationLocs,
    notFoundDetail,
    eventKinds: events.map(describe),
    finishedSections: terminal === undefined ? -1 : sectionsOf(terminal),
    docxFirstBytes,
    docxBytesFromOpenapiFetch: viaFetch.data?.byteLength ?? 0,
    binaryNotFound,
    pdfSameBytes,
    xlsxFirstBytes,
    csvSameBytes,
    csvHeader,
    textsWalked,
  };
}
