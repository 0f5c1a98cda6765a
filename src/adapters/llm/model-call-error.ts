/**
 * The one error a live model call rejects with. Its message names the provider, the model and
 * the cause in words a person can act on, and never carries the API key: provider errors can
 * echo request details, so the key is scrubbed from every message built here.
 */
import { APICallError, NoObjectGeneratedError, RetryError } from 'ai';
import { UpstreamError } from '../../kernel/errors.js';

/** A failed model call: `provider`, `model` and a one-line `cause` are in the message (HTTP 502). */
export class ModelCallError extends UpstreamError {
  constructor(
    readonly provider: string,
    readonly model: string,
    readonly causeText: string,
  ) {
    super(`${provider} model "${model}" failed: ${causeText}`);
  }
}

const MAX_DETAIL = 300;

function shorten(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > MAX_DETAIL ? `${oneLine.slice(0, MAX_DETAIL)}…` : oneLine;
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || (error.name === 'AbortError' && /timeout/i.test(error.message)));
}

/** What went wrong, in one line, without request bodies or headers. */
function describeCause(error: unknown, timeoutMs: number, timedOut: boolean): string {
  // The SDK wraps retried failures; the last attempt's error is the informative one.
  const attempts = RetryError.isInstance(error) ? error.errors.length : 1;
  const last = RetryError.isInstance(error) ? error.lastError : error;
  const suffix = attempts > 1 ? ` (after ${attempts} attempts)` : '';
  // The deadline may fire during a retry's back-off, where the SDK throws a bare "Delay was aborted".
  if (timedOut || isTimeout(last)) return `no answer within ${timeoutMs} ms (LLM_TIMEOUT_MS)${suffix}`;
  if (APICallError.isInstance(last)) {
    const succeeded = last.statusCode === undefined || (last.statusCode >= 200 && last.statusCode < 300);
    // A 2xx whose body could not be read as the protocol's JSON.
    if (succeeded && /json/i.test(last.message)) return `the provider answered with invalid JSON${suffix}`;
    if (last.statusCode === undefined) {
      // A network failure before any status (refused, reset, DNS).
      const cause = last.cause instanceof Error ? `: ${last.cause.message}` : '';
      return `request failed: ${shorten(last.message + cause)}${suffix}`;
    }
    return `HTTP ${last.statusCode}: ${shorten(last.message)}${suffix}`;
  }
  if (NoObjectGeneratedError.isInstance(last)) {
    return `the answer is not valid JSON for the requested schema: ${shorten(last.cause instanceof Error ? last.cause.message : last.message)}`;
  }
  if (last instanceof Error) {
    const cause = last.cause instanceof Error ? ` (${last.cause.message})` : '';
    return shorten(`${last.message}${cause}`) + suffix;
  }
  return shorten(String(last)) + suffix;
}

/** Replaces every occurrence of the API key (when one is configured) with `***`. */
export function scrubSecret(text: string, apiKey: string | undefined): string {
  if (!apiKey) return text;
  return text.split(apiKey).join('***');
}

/** Turns whatever a provider call threw into a {@link ModelCallError} (returned, not thrown). */
export function toModelCallError(
  error: unknown,
  context: { provider: string; model: string; timeoutMs: number; apiKey: string | undefined; timedOut: boolean },
): ModelCallError {
  if (error instanceof ModelCallError) return error;
  return new ModelCallError(context.provider, context.model, scrubSecret(describeCause(error, context.timeoutMs, context.timedOut), context.apiKey));
}
