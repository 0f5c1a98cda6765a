/**
 * A third party's flow through the contract with two independently generated clients (oazapfts,
 * and openapi-typescript with openapi-fetch), written as an integrator would: no casts (the test
 * fails on any `as` in this file), so every value below is typed by what the contract declares.
 * The generated modules live in ./out (generate.ts writes them; git ignores them).
 */
import createClient from 'openapi-fetch';
import { defaults, createText, devLogin, exportDocx, getDocument, listTexts, whoami } from './out/oazapfts.js';
import type { ProgressEvent } from './out/oazapfts.js';
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

export async function runFlow(baseUrl: string): Promise<FlowReport> {
  defaults.baseUrl = baseUrl;
  const login = await devLogin();
  if (login.status !== 200) throw new Error(`dev-login answered ${login.status}`);
  const authorization = `Bearer ${login.data.token}`;
  defaults.headers = { authorization };
  const typed = createClient<paths>({ baseUrl, headers: { authorization } });

  const me = await whoami();
  if (me.status !== 200) throw new Error(`whoami answered ${me.status}`);

  // Errors: the 409 conflict, the 413 of a body over the limit (a body Node's fetch sends whole), the 422 array, a 404's string.
  const key = `flow-${Date.now()}`;
  const first = await createText({ key, value: 'one' });
  if (first.status !== 201) throw new Error(`createText answered ${first.status}`);
  const again = await createText({ key, value: 'two' });
  if (again.status !== 409) throw new Error(`a duplicate key answered ${again.status}`);
  const conflictDetail = typeof again.data.detail === 'string' ? again.data.detail : JSON.stringify(again.data.detail);
  const huge = await createText({ key: `${key}-huge`, value: 'x'.repeat(6 * 1024 * 1024) });
  const tooLargeDetail = huge.status === 413 ? huge.data.detail : `answered ${huge.status}`;
  const invalid = await typed.POST('/v1/documents', { body: { templateId: '', fields: { a: 'b' } } });
  const validationDetail = invalid.error?.detail ?? [];
  const validationLocs = Array.isArray(validationDetail) ? validationDetail.map((e) => e.loc.join('.')) : [validationDetail];
  const missing = await getDocument('doc_does_not_exist');
  const notFoundDetail = missing.status === 404 ? missing.data.detail : `answered ${missing.status}`;

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

  // Bytes: oazapfts answers a Blob, openapi-fetch an ArrayBuffer when asked.
  const docx = await exportDocx(documentId);
  if (docx.status !== 200) throw new Error(`exportDocx answered ${docx.status}`);
  const docxFirstBytes = [...new Uint8Array(await docx.data.arrayBuffer()).subarray(0, 2)];
  const viaFetch = await typed.GET('/v1/documents/{document_id}/export.docx', { params: { path: { document_id: documentId } }, parseAs: 'arrayBuffer' });

  // Every text, page by page, following the one paging convention (`Link: <…>; rel="next"`).
  let textsWalked = 0;
  let cursor: string | undefined;
  do {
    const page = await listTexts({ limit: 1, cursor });
    if (page.status !== 200) throw new Error(`listTexts answered ${page.status}`);
    textsWalked += page.data.length;
    cursor = page.headers.get('x-next-cursor') ?? undefined;
  } while (cursor !== undefined);

  return {
    org: me.data.activeOrg,
    conflictDetail,
    tooLargeStatus: huge.status,
    tooLargeDetail,
    validationLocs,
    notFoundDetail,
    eventKinds: events.map(describe),
    finishedSections: terminal === undefined ? -1 : sectionsOf(terminal),
    docxFirstBytes,
    docxBytesFromOpenapiFetch: viaFetch.data?.byteLength ?? 0,
    textsWalked,
  };
}
