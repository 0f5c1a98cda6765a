/**
 * `http.json`: calls a JSON API at the registered URL (GET or POST) through the guarded fetch.
 * Config: `{url, method?: 'GET'|'POST', query?, bodyTemplate?, resultPath?, headers?}`.
 * `{{name}}` placeholders in the URL, query values and body template are filled from the call's
 * arguments (a value that is exactly `"{{name}}"` keeps the argument's JSON type). Arguments no
 * placeholder used go to the query string (GET) or become the body when there is no template (POST).
 */
import type { ToolRegistrationInput } from '../../pipeline/ports.js';
import type { GuardedFetch } from './guarded-fetch.js';
import { describeUrl } from './ssrf-guard.js';
import { ToolCallError, type ToolResult, configString, isPlainObject, sourceText } from './tool-result.js';

const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;
const WHOLE_PLACEHOLDER = /^\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}$/;

function scalarText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Fills placeholders in one string, recording which arguments were used. */
function fillText(text: string, args: Record<string, unknown>, used: Set<string>, encode: (s: string) => string = (s) => s): string {
  return text.replace(PLACEHOLDER, (_match, name: string) => {
    used.add(name);
    return encode(scalarText(args[name]));
  });
}

/** Fills placeholders anywhere in a JSON value. */
function fillValue(value: unknown, args: Record<string, unknown>, used: Set<string>): unknown {
  if (typeof value === 'string') {
    const whole = WHOLE_PLACEHOLDER.exec(value);
    if (whole) {
      used.add(whole[1]);
      return args[whole[1]] ?? null;
    }
    return fillText(value, args, used);
  }
  if (Array.isArray(value)) return value.map((item) => fillValue(item, args, used));
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillValue(v, args, used)]));
  return value;
}

/** The value at a dot path (`data.items.0.price`); undefined when absent. */
export function valueAtPath(value: unknown, path: string): unknown {
  let current: unknown = value;
  for (const part of path.split('.').filter(Boolean)) {
    if (Array.isArray(current) && /^\d+$/.test(part)) current = current[Number(part)];
    else if (isPlainObject(current)) current = current[part];
    else return undefined;
  }
  return current;
}

function buildRequest(config: Record<string, unknown>, args: Record<string, unknown>): { url: URL; method: string; body: string | undefined } {
  const used = new Set<string>();
  const method = configString(config, 'method', 'GET').toUpperCase();
  if (method !== 'GET' && method !== 'POST') throw new ToolCallError(`http.json supports GET and POST, not ${method}`);
  let url: URL;
  try {
    url = new URL(fillText(configString(config, 'url'), args, used, encodeURIComponent));
  } catch {
    throw new ToolCallError("the tool's url is not a valid absolute URL");
  }
  const query = config.query;
  if (isPlainObject(query)) for (const [key, value] of Object.entries(query)) url.searchParams.set(key, scalarText(fillValue(value, args, used)));
  let body: string | undefined;
  if (method === 'POST') {
    const template = config.bodyTemplate;
    body = JSON.stringify(template === undefined || template === null ? args : fillValue(template, args, used));
  } else {
    for (const [key, value] of Object.entries(args)) if (!used.has(key) && value !== undefined && value !== null) url.searchParams.set(key, scalarText(value));
  }
  return { url, method, body };
}

/** Headers the gateway owns: a configured Host could reach other virtual hosts of an allowed server. */
const GATEWAY_HEADERS = new Set(['host', 'content-length', 'transfer-encoding', 'connection', 'content-type', 'accept', 'user-agent']);

function staticHeaders(config: Record<string, unknown>): Record<string, string> {
  const headers = config.headers;
  if (!isPlainObject(headers)) return {};
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([k]) => !GATEWAY_HEADERS.has(k.toLowerCase()))
      .map(([k, v]) => [k, scalarText(v)]),
  );
}

/**
 * Calls the registered JSON API.
 *
 * @throws ToolCallError on a non-2xx answer, a redirect, a non-JSON answer or a missing resultPath;
 *   UrlRefusedError when the guard refuses the URL; the fetch's own errors (timeout, size cap).
 */
export async function callHttpJsonTool(
  registration: ToolRegistrationInput,
  args: Record<string, unknown>,
  fetchImpl: GuardedFetch,
  signal: AbortSignal,
): Promise<ToolResult> {
  const { url, method, body } = buildRequest(registration.config, args);
  const headers: Record<string, string> = { ...staticHeaders(registration.config), accept: 'application/json', 'user-agent': 'Quire-Tool-Gateway/1' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetchImpl(url, { method, headers, body, signal });
  if (response.status >= 300 && response.status < 400) {
    await response.body?.cancel();
    throw new ToolCallError(`${describeUrl(url)} answered with a redirect (HTTP ${response.status}); redirects are not followed, register the final URL`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new ToolCallError(`${describeUrl(url)} answered HTTP ${response.status}`);
  }
  const contentType = response.headers.get('content-type') ?? '';
  if (!/\bjson\b/i.test(contentType)) {
    await response.body?.cancel();
    throw new ToolCallError(`${describeUrl(url)} answered ${contentType || 'without a content type'}, not JSON`);
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ToolCallError(`${describeUrl(url)} answered with invalid JSON`);
  }
  const resultPath = registration.config.resultPath;
  const value = typeof resultPath === 'string' && resultPath !== '' ? valueAtPath(json, resultPath) : json;
  if (value === undefined) throw new ToolCallError(`the answer of ${describeUrl(url)} has nothing at resultPath "${String(resultPath)}"`);
  return {
    value,
    source: { title: `${registration.name} (${url.host})`, kind: 'tool', tool: registration.name, url: describeUrl(url), text: sourceText(value) },
  };
}
