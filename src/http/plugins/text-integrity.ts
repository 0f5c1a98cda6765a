/**
 * One request-level check that every string a request carries is text both databases can store:
 * path parameters, the query string and JSON/YAML bodies (keys and values, at any depth) must be
 * well-formed UTF-16 (no lone surrogate, which PostgreSQL cannot encode and SQLite would store as
 * garbage) without NUL (`\u0000`, which PostgreSQL refuses in text with a 500 and SQLite would
 * truncate on some paths); percent-encoded query bytes must decode as UTF-8. Anything else is a
 * 422 `{detail}` before validation, so no use case ever sees it and nothing is changed.
 *
 * Why one hook rather than a check per schema: it covers every operation, present and future,
 * including `x-checked-by-use-case` parts and free-form objects (config, tool headers) that
 * JSON Schema does not describe string by string. Multipart parts are streamed to the use case
 * and are not covered here.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainValidationError } from '../../kernel/errors.js';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A NUL or any surrogate: text without one is always storable (most text is). */
const SUSPECT = /[\u0000\uD800-\uDFFF]/;

/** Why `text` cannot be stored, or null when it can. */
export function textProblem(text: string): string | null {
  if (!SUSPECT.test(text)) return null;
  if (text.includes('\u0000')) return 'contains a NUL character (\\u0000)';
  if (LONE_SURROGATE.test(text)) return 'is not valid Unicode (a lone surrogate)';
  return null;
}

/**
 * Whether `value` holds an unstorable string (keys included), without naming where: the walk of
 * every request, which builds no location strings. Only a request that fails it is walked again
 * by `findUnstorableText` to say where.
 */
function holdsUnstorableText(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current === 'string') {
      if (textProblem(current) !== null) return true;
    } else if (Array.isArray(current)) {
      for (const item of current) stack.push(item);
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const key of Object.keys(current)) {
        if (textProblem(key) !== null) return true;
        stack.push((current as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

/** A location short enough to echo (a deeply nested body has a very long one). */
function shortened(where: string): string {
  return where.length > 120 ? `${where.slice(0, 120)}…` : where;
}

/** The first unstorable string in `value` (keys included), named by its location. */
export function findUnstorableText(value: unknown, root: string): string | null {
  // Iterative: a deeply nested body must not overflow the stack here.
  const stack: Array<[unknown, string]> = [[value, root]];
  while (stack.length > 0) {
    const [current, where] = stack.pop() as [unknown, string];
    if (typeof current === 'string') {
      const problem = textProblem(current);
      if (problem) return `${shortened(where)} ${problem}`;
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push([item, `${where}[${index}]`]));
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const [key, item] of Object.entries(current)) {
        const keyProblem = textProblem(key);
        if (keyProblem) return `a key in ${shortened(where)} ${keyProblem}`;
        stack.push([item, `${where}.${key}`]);
      }
    }
  }
  return null;
}

/** Percent-encoded bytes of the raw query that do not decode as UTF-8 (the parser keeps them raw). */
function badQueryEncoding(request: FastifyRequest): string | null {
  const start = request.url.indexOf('?');
  // Without a `%` nothing is percent-encoded, so nothing can fail to decode.
  if (start === -1 || !request.url.includes('%', start)) return null;
  const query = request.url.slice(start + 1);
  for (const part of query.split(/[&=]/)) {
    try {
      decodeURIComponent(part.replace(/\+/g, ' '));
    } catch {
      return 'the query string is not valid percent-encoded UTF-8';
    }
  }
  return null;
}

/** Installs the check on every route (call before any route is registered). */
export function installTextIntegrity(app: FastifyInstance): void {
  // A synchronous hook (no promise per request): it only reads what is already parsed.
  app.addHook('preValidation', (request, _reply, done) => {
    const problem =
      (holdsUnstorableText(request.params) ? findUnstorableText(request.params, 'path') : null) ??
      badQueryEncoding(request) ??
      (holdsUnstorableText(request.query) ? findUnstorableText(request.query, 'query') : null) ??
      (holdsUnstorableText(request.body) ? findUnstorableText(request.body, 'body') : null);
    done(problem ? new DomainValidationError(problem) : undefined);
  });
}
