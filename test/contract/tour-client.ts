/**
 * The contract tour's HTTP client. Each request goes through the lane that holds its path — a
 * Prism proxy validating one OpenAPI document — or straight to the server when no lane does.
 * The client records, per document, which operations were visited, and every violation: what
 * Prism put in `sl-violations`, and a step that did not get the status it was written for.
 */
import { multipart, type FilePart } from '../e2e/assessments-helpers.js';
import { type OpenApiDocument, type Operation, listOperations, matchOperation } from './operations.js';
import { type Violation, parseViolationHeader } from './violations.js';

/** One OpenAPI document under check: its operations and which of them the tour visited. */
export class Coverage {
  readonly operations: Operation[];
  readonly visited = new Set<string>();
  /** Operations that answered at least once with a 2xx/3xx status. */
  readonly succeeded = new Set<string>();

  constructor(
    readonly name: string,
    readonly document: OpenApiDocument,
  ) {
    this.operations = listOperations(document);
  }

  record(method: string, url: string, status: number): Operation | undefined {
    const operation = matchOperation(this.operations, method, url);
    if (operation) {
      this.visited.add(operation.key);
      if (status < 400) this.succeeded.add(operation.key);
    }
    return operation;
  }
}

/** A Prism proxy and the document it validates, for the paths `accepts` says yes to. */
export interface Lane {
  proxyUrl: string;
  coverage: Coverage;
  accepts(pathname: string): boolean;
}

// Bodies are whatever the service answered; steps read the fields they need.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Body = any;

export interface TourResponse {
  status: number;
  body: Body;
  text: string;
  headers: Headers;
}

export interface SendOptions {
  /** A JSON body. */
  body?: unknown;
  /** A multipart/form-data body (uploads). */
  form?: { fields: Record<string, string>; files: FilePart[] };
  /** The caller's token; `null` sends none. Defaults to the tour's token. */
  token?: string | null;
  org?: string;
  headers?: Record<string, string>;
  /** The status this step is written for; another one is a tour violation. */
  expect: number | readonly number[];
  /**
   * The request breaks the contract on purpose (an error case): what Prism says about the
   * request side is expected and not counted; the response side still is.
   */
  invalidRequest?: boolean;
}

/**
 * Prism's one known multipart limitation: it keeps only the last of repeated parts, so an array
 * of files (`files` sent as repeated parts, which is how multipart carries an array) always reads
 * "must be array" (stoplightio/prism PR #2654, open). The contract is right; this finding is not
 * counted. Any other finding on a multipart body still is.
 */
function isRepeatedPartLimitation(found: { location: string; message: string }): boolean {
  return found.location.startsWith('request.body') && / must be array$/.test(found.message);
}

/** Thrown when a step cannot go on (a status other than the one it needs). */
export class StepFailed extends Error {}

export class TourClient {
  readonly violations: Violation[] = [];
  requests = 0;
  token = '';
  /** Requests that took more than a second, to show where the tour's time goes. */
  readonly slow: string[] = [];

  constructor(
    private readonly serverUrl: string,
    private readonly lanes: readonly Lane[],
    readonly org = 'acme',
  ) {}

  async send(method: string, url: string, options: SendOptions): Promise<TourResponse> {
    const pathname = new URL(url, 'http://tour.invalid').pathname;
    const lane = this.lanes.find((l) => l.accepts(pathname));
    const headers: Record<string, string> = { ...options.headers };
    const token = options.token === undefined ? this.token : options.token;
    if (token) headers.authorization = `Bearer ${token}`;
    headers['x-org-slug'] ??= options.org ?? this.org;
    let body: string | Buffer | undefined;
    if (options.form) {
      const built = multipart(options.form.fields, options.form.files);
      body = built.body;
      headers['content-type'] = built.contentType;
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const started = Date.now();
    const response = await fetch(`${lane?.proxyUrl ?? this.serverUrl}${url}`, { method, headers, body, signal: AbortSignal.timeout(30_000) });
    this.requests += 1;
    const text = await response.text();
    if (Date.now() - started > 1000) this.slow.push(`${method} ${url} ${Date.now() - started} ms`);
    let parsed: Body = text;
    try {
      parsed = text === '' ? null : JSON.parse(text);
    } catch {
      // not JSON: the text is the body
    }
    const line = `${method} ${url} → ${response.status}`;
    const operation = lane?.coverage.record(method, url, response.status);
    const operationKey = operation?.key ?? `${method} ${pathname}`;
    for (const found of parseViolationHeader(response.headers.get('sl-violations'))) {
      if (options.invalidRequest && found.location.startsWith('request')) continue;
      if (options.form && isRepeatedPartLimitation(found)) continue;
      this.violations.push({ operation: operationKey, source: 'prism', location: found.location, message: found.message, request: line });
    }
    const expected = typeof options.expect === 'number' ? [options.expect] : options.expect;
    if (!expected.includes(response.status)) {
      this.violations.push({
        operation: operationKey,
        source: 'tour',
        location: 'status',
        message: `expected ${expected.join(' or ')}, got ${response.status}: ${text.slice(0, 300)}`,
        request: line,
      });
      throw new StepFailed(line);
    }
    return { status: response.status, body: parsed, text, headers: response.headers };
  }

  get(url: string, expect: SendOptions['expect'] = 200, options: Omit<SendOptions, 'expect'> = {}) {
    return this.send('GET', url, { ...options, expect });
  }
  post(url: string, body: unknown, expect: SendOptions['expect'] = 200, options: Omit<SendOptions, 'expect' | 'body'> = {}) {
    return this.send('POST', url, { ...options, body, expect });
  }
  put(url: string, body: unknown, expect: SendOptions['expect'] = 200, options: Omit<SendOptions, 'expect' | 'body'> = {}) {
    return this.send('PUT', url, { ...options, body, expect });
  }
  patch(url: string, body: unknown, expect: SendOptions['expect'] = 200, options: Omit<SendOptions, 'expect' | 'body'> = {}) {
    return this.send('PATCH', url, { ...options, body, expect });
  }
  delete(url: string, expect: SendOptions['expect'] = 200, options: Omit<SendOptions, 'expect'> = {}) {
    return this.send('DELETE', url, { ...options, expect });
  }
}
