/**
 * The operations Prism cannot proxy faithfully — the `.docx` export, uploaded file contents
 * (Prism's proxy reads every body as text) and the progress stream (it waits for the end of a
 * body before answering) — are sent straight to the server and checked here against the same
 * documents: the status is one the operation declares, the content type one declared for that
 * status, the bytes what they must be, and every progress event's `data` valid against the
 * contract's event schema (Ajv, with the document's components) when the contract has one.
 */
import { type FilePart, multipart } from '../e2e/assessments-helpers.js';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { framesOf, readRawStream } from '../support/sse.js';
import type { OpenApiDocument } from './operations.js';
import type { Coverage } from './tour-client.js';
import type { Violation } from './violations.js';

interface ResponseObject {
  content?: Record<string, { schema?: unknown; itemSchema?: unknown }>;
}
interface OperationObject {
  responses?: Record<string, ResponseObject>;
}

export interface WireCheckContext {
  serverUrl: string;
  token: string;
  org: string;
  /** Every document under check: a direct request visits its operation in each. */
  coverages: readonly Coverage[];
  violations: Violation[];
  /** Things the checks could not check, said once each (a contract without an event schema). */
  notes: Set<string>;
}

const TERMINAL = new Set(['pipeline_finished', 'pipeline_failed', 'pipeline_blocked']);

/** The media type without parameters: `text/plain; charset=utf-8` → `text/plain`. */
const mediaType = (value: string | null) => (value ?? '').split(';')[0].trim().toLowerCase();

function operationObject(document: OpenApiDocument, path: string, method: string): OperationObject | undefined {
  return document.paths[path]?.[method.toLowerCase()] as OperationObject | undefined;
}

/**
 * Records the visit in every document and checks status and content type against each
 * document that has the operation. Returns the operation key (for further findings).
 */
function checkDeclared(context: WireCheckContext, method: string, url: string, status: number, contentType: string | null): string {
  let key = `${method} ${new URL(url, 'http://tour.invalid').pathname}`;
  const line = `${method} ${url} → ${status} (direct)`;
  const reported = new Set<string>();
  for (const coverage of context.coverages) {
    const operation = coverage.record(method, url, status);
    if (!operation) continue;
    key = operation.key;
    const responses = operationObject(coverage.document, operation.path, method)?.responses ?? {};
    const declared = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
    const finding = !declared
      ? { location: 'status', message: `status ${status} is not declared (declared: ${Object.keys(responses).join(', ')})` }
      : declared.content && status !== 304 && !Object.keys(declared.content).some((type) => type === mediaType(contentType) || type === '*/*')
        ? {
            location: 'response.header.content-type',
            message: `content type ${mediaType(contentType) || '(none)'} is not declared for ${status} (declared: ${Object.keys(declared.content).join(', ')})`,
          }
        : undefined;
    if (finding && !reported.has(finding.message)) {
      reported.add(finding.message);
      context.violations.push({ operation: key, source: 'wire-check', ...finding, request: line });
    }
  }
  return key;
}

function fail(context: WireCheckContext, operation: string, request: string, location: string, message: string): void {
  context.violations.push({ operation, source: 'wire-check', location, message, request });
}

function authHeaders(context: WireCheckContext, extra: Record<string, string> = {}): Record<string, string> {
  return { authorization: `Bearer ${context.token}`, 'x-org-slug': context.org, ...extra };
}

/**
 * A download: status and content type as declared, and, when given, the exact bytes or a
 * predicate on them (a .docx is a ZIP archive).
 */
export async function checkDownload(
  context: WireCheckContext,
  url: string,
  expected: { status: number; contentType?: string; bytes?: Buffer; check?: (bytes: Buffer) => string | undefined; headers?: Record<string, string> },
): Promise<Response> {
  const response = await fetch(`${context.serverUrl}${url}`, { headers: authHeaders(context, expected.headers), signal: AbortSignal.timeout(60_000) });
  const bytes = Buffer.from(await response.arrayBuffer());
  const line = `GET ${url} → ${response.status} (direct)`;
  const key = checkDeclared(context, 'GET', url, response.status, response.headers.get('content-type'));
  if (response.status !== expected.status)
    fail(context, key, line, 'status', `expected ${expected.status}, got ${response.status}: ${bytes.subarray(0, 200).toString('utf8')}`);
  else {
    if (expected.contentType && mediaType(response.headers.get('content-type')) !== expected.contentType)
      fail(context, key, line, 'response.header.content-type', `expected ${expected.contentType}, got ${response.headers.get('content-type')}`);
    if (expected.bytes && !bytes.equals(expected.bytes))
      fail(context, key, line, 'response.body', `the bytes differ from the ones uploaded (${bytes.length} vs ${expected.bytes.length})`);
    const problem = expected.check?.(bytes);
    if (problem) fail(context, key, line, 'response.body', problem);
  }
  return response;
}

/**
 * A binary upload (a .docx), sent straight to the service: Prism re-encodes a multipart body's
 * file as text, which a zip does not survive. Status and content type are checked as declared;
 * the JSON answer is returned for the steps that follow.
 */
export async function checkUpload(
  context: WireCheckContext,
  method: 'POST' | 'PUT',
  url: string,
  form: { fields: Record<string, string>; files: FilePart[] },
  expected: { status: number },
): Promise<unknown> {
  const { body, contentType } = multipart(form.fields, form.files);
  const response = await fetch(`${context.serverUrl}${url}`, {
    method,
    headers: authHeaders(context, { 'content-type': contentType }),
    body,
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  const line = `${method} ${url} → ${response.status} (direct)`;
  const key = checkDeclared(context, method, url, response.status, response.headers.get('content-type'));
  if (response.status !== expected.status) fail(context, key, line, 'status', `expected ${expected.status}, got ${response.status}: ${text.slice(0, 200)}`);
  return text === '' ? null : JSON.parse(text);
}

/** The schema progress events must match: `ProgressEvent`, or the stream's `itemSchema`. */
function eventValidator(document: OpenApiDocument, progressPath: string): ValidateFunction | undefined {
  const schemas = document.components?.schemas ?? {};
  const stream = operationObject(document, progressPath, 'GET')?.responses?.['200']?.content?.['text/event-stream'];
  const schema = 'ProgressEvent' in schemas ? { $ref: 'urn:quire:contract#/components/schemas/ProgressEvent' } : stream?.itemSchema;
  if (!schema) return undefined;
  // Ajv's discriminator support refuses OpenAPI's `mapping`; the oneOf alone tells the kinds apart
  // (each variant's `event` is a const), so the keyword is left to the generated clients.
  const ajv = new Ajv2020({ strict: false, allErrors: true, discriminator: false });
  addFormats.default(ajv);
  ajv.addSchema({ $id: 'urn:quire:contract', components: document.components });
  return ajv.compile(schema as object);
}

/**
 * Follows a progress stream to its terminal event and checks every event against the
 * contract's event schema in each document. Returns the events.
 */
export async function checkProgress(context: WireCheckContext, url: string): Promise<Array<Record<string, unknown>>> {
  const raw = await readRawStream(`${context.serverUrl}${url}`, authHeaders(context), 60_000);
  const line = `GET ${url} → ${raw.status} (direct)`;
  const key = checkDeclared(context, 'GET', url, raw.status, raw.contentType);
  if (raw.status !== 200) {
    fail(context, key, line, 'status', `expected 200, got ${raw.status}: ${raw.text.slice(0, 200)}`);
    return [];
  }
  let events: Array<Record<string, unknown>> = [];
  try {
    events = framesOf(raw.text) as unknown as Array<Record<string, unknown>>;
  } catch (error) {
    fail(context, key, line, 'response.body', `an event's data is not JSON: ${(error as Error).message}`);
    return [];
  }
  if (!TERMINAL.has(String(events.at(-1)?.event)))
    fail(context, key, line, 'response.body', `the stream ended without a terminal event (last: ${String(events.at(-1)?.event)})`);
  for (const coverage of context.coverages) {
    const operation = coverage.operations.find((op) => op.key === key);
    if (!operation) continue;
    const validate = eventValidator(coverage.document, operation.path);
    if (!validate) {
      context.notes.add(
        `${coverage.name}: ${key} has no ProgressEvent schema (nor an itemSchema): events were only checked to be JSON and to end on a terminal event`,
      );
      continue;
    }
    for (const event of events) {
      const name = String(event.event);
      if (validate(event)) continue;
      for (const error of validate.errors ?? [])
        fail(context, key, line, `event.${name}${error.instancePath.replace(/\//g, '.')}`, `${error.message ?? 'invalid'} (${coverage.name})`);
    }
  }
  return events;
}

/**
 * Opens a live stream (ADR 0591, no end of its own), makes a change with `change`, and reads until
 * the first event arrives; checks the status and media type as declared and the event against
 * `LiveEvent` in each document. Returns the event.
 */
export async function checkLive(
  context: WireCheckContext,
  url: string,
  change: () => Promise<void>,
  wanted: (event: Record<string, unknown>) => boolean,
): Promise<Record<string, unknown> | undefined> {
  const abort = AbortSignal.timeout(30_000);
  const response = await fetch(`${context.serverUrl}${url}`, { headers: authHeaders(context, { accept: 'text/event-stream' }), signal: abort });
  const line = `GET ${url} → ${response.status} (direct)`;
  const key = checkDeclared(context, 'GET', url, response.status, response.headers.get('content-type'));
  if (response.status !== 200 || !response.body) {
    fail(context, key, line, 'status', `expected 200, got ${response.status}`);
    return undefined;
  }
  await change();
  const reader = response.body.getReader();
  // Other steps change the organization meanwhile: every event read is checked, the wanted one ends the read.
  let text = '';
  const events: Array<Record<string, unknown>> = [];
  try {
    while (!events.some(wanted)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
      let end: number;
      while ((end = text.indexOf('\n\n')) >= 0) {
        const data = /^data: (.*)$/m.exec(text.slice(0, end));
        text = text.slice(end + 2);
        if (data) events.push(JSON.parse(data[1]) as Record<string, unknown>);
      }
    }
  } finally {
    await reader.cancel();
  }
  const event = events.find(wanted);
  if (!event) {
    fail(context, key, line, 'response.body', 'the stream ended before the change arrived');
    return undefined;
  }
  for (const coverage of context.coverages) {
    const schemas = coverage.document.components?.schemas ?? {};
    if (!('LiveEvent' in schemas)) continue;
    const ajv = new Ajv2020({ strict: false, allErrors: true, discriminator: false });
    addFormats.default(ajv);
    ajv.addSchema({ $id: 'urn:quire:contract', components: coverage.document.components });
    const validate = ajv.compile({ $ref: 'urn:quire:contract#/components/schemas/LiveEvent' });
    for (const read of events) {
      const valid: boolean = validate(read);
      if (valid) continue;
      for (const error of validate.errors ?? [])
        fail(context, key, line, `event.${String(read.kind)}${error.instancePath.replace(/\//g, '.')}`, `${error.message ?? 'invalid'} (${coverage.name})`);
    }
  }
  return event;
}
