/**
 * Sends one fuzzed request to the real server and judges the answer: never a 5xx, never a hang,
 * and every error in the contract's error shape — `{detail: string}`, or for a body that does
 * not match its schema the documented 422 `{detail: [{loc, msg, type}]}`.
 */
import { multipart } from '../../e2e/assessments-helpers.js';
import type { TestServer } from '../../support/test-server.js';
import type { FuzzRequest } from './openapi-arbitraries.js';

/**
 * A request that has not answered within this long counts as a hang (issue #13 saw one): above
 * the server's own longest bound on a request (the 15 s PDF probe of an upload).
 */
const REQUEST_TIMEOUT_MS = 30_000;

export interface FuzzAnswer {
  status: number;
  contentType: string;
  body: unknown;
  text: string;
}

export async function send(server: TestServer, token: string, org: string, request: FuzzRequest): Promise<FuzzAnswer> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'x-org-slug': org };
  let body: string | Buffer | undefined;
  const b = request.body;
  if (b && 'json' in b) {
    body = JSON.stringify(b.json) ?? 'null';
    headers['content-type'] = 'application/json';
  } else if (b && 'raw' in b) {
    body = b.raw;
    headers['content-type'] = 'application/json';
  } else if (b && 'form' in b) {
    const form = multipart(b.form.fields, b.form.files);
    body = form.body;
    headers['content-type'] = form.contentType;
  }
  const response = await fetch(`${server.url}${request.url}`, { method: request.method, headers, body, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const contentType = response.headers.get('content-type') ?? '';
  if (contentType.startsWith('text/event-stream')) {
    // A progress stream stays open while the document lives: the status line is the answer.
    await response.body?.cancel();
    return { status: response.status, contentType, body: undefined, text: '' };
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, contentType, body: parsed, text };
}

function isValidationList(detail: unknown): boolean {
  return (
    Array.isArray(detail) &&
    detail.length > 0 &&
    detail.every((d) => d && typeof d === 'object' && typeof (d as { msg?: unknown }).msg === 'string' && Array.isArray((d as { loc?: unknown }).loc))
  );
}

/** Undefined when the answer is acceptable; otherwise what is wrong with it. */
export function judge(answer: FuzzAnswer): string | undefined {
  if (answer.status >= 500) return `${answer.status} ${answer.text.slice(0, 300)}`;
  const text = answer.text.length > 300 ? `${answer.text.slice(0, 300)}…` : answer.text;
  if (answer.status < 400) return undefined;
  if (!answer.contentType.includes('application/json')) return `${answer.status} with content-type ${answer.contentType || 'none'}: ${text}`;
  const detail = (answer.body as { detail?: unknown } | undefined)?.detail;
  if (typeof detail === 'string' && detail.length > 0) return undefined;
  if (answer.status === 422 && isValidationList(detail)) return undefined;
  return `${answer.status} without {detail}: ${text}`;
}

/** The request in words a person can replay (curl-like), for reports and counterexamples. */
export function describeRequest(request: FuzzRequest): string {
  const b = request.body;
  const body = !b
    ? ''
    : 'json' in b
      ? ` ${JSON.stringify(b.json)?.slice(0, 400)}`
      : 'raw' in b
        ? ` raw:${JSON.stringify(b.raw)}`
        : ` multipart fields=${JSON.stringify(b.form.fields).slice(0, 300)} files=${JSON.stringify(b.form.files.map((f) => ({ name: f.name, type: f.type, bytes: f.bytes.length })))}`;
  const url = request.url.length > 240 ? `${request.url.slice(0, 240)}… (${request.url.length} characters)` : request.url;
  return `${request.method} ${url}${body}`;
}
