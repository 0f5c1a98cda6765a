/**
 * The one place API errors become words on the page. Every error body is `{detail}` — a string,
 * the validation list `[{loc, msg, type}]`, or an object (a 409's) — and the client throws it
 * as QuireApiError; this shows it, and maps validation entries to the field they name.
 */
import { QuireApiError, detailMessage } from '@quire/client';

/** The message a user sees for any error thrown by a call. */
export function errorText(error: unknown): string {
  if (error instanceof QuireApiError) {
    // A 404's detail names the id asked for ("document doc_01j… not found"): a person knows
    // which page they opened, so the console says what it means instead.
    if (error.status === 404) return NOT_FOUND;
    if (error.status === 403) return `Not allowed: ${withoutIds(detailMessage(error.detail))}`;
    return withoutIds(detailMessage(error.detail));
  }
  if (error instanceof TypeError && NETWORK_FAILURE.test(error.message)) return 'Could not reach Quire. Check your connection and try again.';
  // A failure inside the console (a TypeError, a RangeError…) or a thrown non-Error says nothing a
  // user can act on, so the console says so in its own words.
  if (!(error instanceof Error) || RUNTIME_ERRORS.some((kind) => error instanceof kind)) {
    return CONSOLE_FAILURE;
  }
  return error.message;
}

export const NOT_FOUND = 'Not found: it may have been deleted, or it belongs to another organization. Go back and choose it from its list.';

/** The service's ids (`doc_01j…`, 26 characters after the prefix) and UUIDs, which mean nothing to a person. */
const RAW_ID = /\b[a-z]{2,5}_[0-9a-z]{26}\b|\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;

/** A server sentence with any id in it replaced by "this item" (the rest is written for people). */
function withoutIds(text: string): string {
  return text.replace(RAW_ID, 'this item');
}

/** The JavaScript engine's own errors ("Cannot read properties of undefined"), never worded for a user. */
const RUNTIME_ERRORS = [TypeError, RangeError, ReferenceError, SyntaxError, EvalError, URIError, DOMException];

/** What fetch throws when no answer came (Chromium, Firefox, Safari word it differently). */
const NETWORK_FAILURE = /^(Failed to fetch|NetworkError when attempting to fetch resource\.?|Load failed|Network request failed)$/;
export const CONSOLE_FAILURE = 'Something went wrong in the console. Reload the page and try again; if it happens again, tell your administrator.';

interface ValidationEntry {
  loc: unknown[];
  msg: string;
}

function validationEntries(error: unknown): ValidationEntry[] {
  if (!(error instanceof QuireApiError) || error.status !== 422 || !Array.isArray(error.detail)) return [];
  return error.detail.filter(
    (item): item is ValidationEntry =>
      typeof item === 'object' && item !== null && Array.isArray((item as ValidationEntry).loc) && typeof (item as ValidationEntry).msg === 'string',
  );
}

/**
 * 422 messages by the field they concern: an entry whose `loc` contains one of `keys` (e.g.
 * ["body", "fields", "client_name"]) goes to that key, and so does each `field "key" (type):
 * problem` clause of a field-value refusal (the server names every refused field that way);
 * the rest (and non-validation errors) go under "" for a message at the top of the form.
 */
export function fieldErrors(error: unknown, keys: readonly string[]): Record<string, string[]> {
  const byKey: Record<string, string[]> = {};
  if (error === undefined) return byKey;
  const entries = validationEntries(error);
  if (error instanceof QuireApiError && error.status === 422 && typeof error.detail === 'string') {
    const clauses = [...error.detail.matchAll(/field "([^"]+)" \([^)]*\): (.*?)(?=; field "|$)/g)].filter((match) => keys.includes(match[1]));
    for (const [, key, message] of clauses) (byKey[key] ??= []).push(message);
    if (clauses.length > 0) return byKey;
  }
  if (entries.length === 0) byKey[''] = [errorText(error)];
  for (const entry of entries) {
    const key = [...entry.loc].reverse().find((part): part is string => typeof part === 'string' && keys.includes(part)) ?? '';
    (byKey[key] ??= []).push(entry.msg);
  }
  return byKey;
}

/** An error notice, announced to screen readers; nothing when there is no error. */
export function ErrorNotice({ error, title }: { error: unknown; title?: string }) {
  if (error === undefined || error === null) return null;
  return (
    <div className="notice notice-error" role="alert">
      {title ? <strong>{title}: </strong> : null}
      {errorText(error)}
    </div>
  );
}
