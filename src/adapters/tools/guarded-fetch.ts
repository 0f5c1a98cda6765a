/**
 * A `fetch` for tool calls that goes through the SSRF guard on every request and connects to
 * the very address the guard checked (a `lookup` override pins it; TLS still verifies the host
 * name). It never follows redirects itself: a 3xx comes back as is, so whoever follows it must
 * call this fetch again and be checked again. Response bodies are capped.
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { type HostLookup, checkUrl } from './ssrf-guard.js';

/** The fetch signature the MCP SDK and the http.json tool use. */
export type GuardedFetch = (url: string | URL, init?: RequestInit) => Promise<Response>;

export interface GuardedFetchOptions {
  allowedHosts: readonly string[];
  /** Largest response body in bytes; reading past it fails the body stream. */
  maxResponseBytes: number;
  /** DNS lookup (tests inject one); default node:dns `lookup` with `all: true`. */
  lookup?: HostLookup;
}

/** A response body larger than the cap. */
export class ResponseTooLargeError extends Error {
  constructor(maxBytes: number) {
    super(`the tool's answer is larger than ${Math.round(maxBytes / 1024)} KiB`);
    this.name = 'ResponseTooLargeError';
  }
}

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

function headersOf(init: RequestInit | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(init?.headers).forEach((value, key) => {
    out[key] = value;
  });
  return out;
}

function bodyOf(init: RequestInit | undefined): string | Uint8Array | undefined {
  const body = init?.body;
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string' || body instanceof Uint8Array) return body;
  throw new TypeError('tool requests send string or byte bodies only');
}

/**
 * The response body as a web stream, failing past the byte cap. Written by hand rather than with
 * `Readable.toWeb`, whose adapter throws an uncatchable "Controller is already closed" when the
 * source errors mid-flow on Node 20.
 */
function cappedBody(message: http.IncomingMessage, maxBytes: number): ReadableStream<Uint8Array> {
  let seen = 0;
  let done = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const finish = (error?: Error) => {
        if (done) return;
        done = true;
        if (error) controller.error(error);
        else controller.close();
      };
      message.on('data', (chunk: Buffer) => {
        if (done) return;
        seen += chunk.length;
        if (seen > maxBytes) {
          finish(new ResponseTooLargeError(maxBytes));
          message.destroy();
          return;
        }
        controller.enqueue(new Uint8Array(chunk));
        if ((controller.desiredSize ?? 1) <= 0) message.pause();
      });
      message.on('end', () => finish());
      message.on('error', (error) => finish(error));
      message.on('close', () => finish(message.complete ? undefined : new Error('the connection closed before the answer was complete')));
    },
    pull() {
      message.resume();
    },
    cancel() {
      done = true;
      message.destroy();
    },
  });
}

function responseHeaders(message: http.IncomingMessage): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(message.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(key, item);
  }
  return headers;
}

/**
 * Builds the guarded fetch.
 *
 * @throws UrlRefusedError (from the returned function) when the guard refuses the URL; the
 *   request's own errors (timeout, connection refused) otherwise.
 */
export function createGuardedFetch(options: GuardedFetchOptions): GuardedFetch {
  return async (input, init) => {
    const target = await checkUrl(input, { allowedHosts: options.allowedHosts, lookup: options.lookup });
    const body = bodyOf(init);
    // Connect to the checked address, whatever DNS would answer now.
    const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
      if (lookupOptions.all) callback(null, [{ address: target.address, family: target.family }]);
      else callback(null, target.address, target.family);
    };
    const transport = target.url.protocol === 'https:' ? https : http;
    return new Promise<Response>((resolve, reject) => {
      const request = transport.request(
        target.url,
        { method: init?.method ?? 'GET', headers: headersOf(init), lookup: pinned, agent: false, signal: init?.signal ?? undefined },
        (message) => {
          const status = message.statusCode ?? 502;
          const headers = responseHeaders(message);
          if (NULL_BODY_STATUSES.has(status) || init?.method === 'HEAD') {
            message.resume();
            resolve(new Response(null, { status, headers }));
            return;
          }
          resolve(new Response(cappedBody(message, options.maxResponseBytes), { status, statusText: message.statusMessage, headers }));
        },
      );
      request.on('error', reject);
      if (body !== undefined) request.write(body);
      request.end();
    });
  };
}
