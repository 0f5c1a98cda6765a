/**
 * The spec's retry policy ("Errors", rule 5), as a fetch wrapper every call goes through:
 * 429, 502, 503 and 504 answers and transport failures are retried with jittered exponential
 * backoff, honouring `Retry-After`; a bare 500 and every other status are returned as they are
 * (a 409 is the caller's decision, never retried blindly).
 */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);

export interface RetryPolicy {
  /** Retries after the first attempt. */
  retries: number;
  /** The backoff ceiling of the first retry; doubles each retry ("full jitter" below it). */
  baseDelayMs: number;
  /** No wait is longer, a `Retry-After` included: a longer one returns the answer as it is. */
  maxDelayMs: number;
  /** In [0, 1); injectable so tests can pin the jitter. */
  random: () => number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { retries: 4, baseDelayMs: 250, maxDelayMs: 30_000, random: Math.random };

export type RequestFetch = (request: Request) => Promise<Response>;

export function retryingFetch(policy: RetryPolicy, inner: RequestFetch = (request) => fetch(request)): RequestFetch {
  return async (request) => {
    for (let attempt = 0; ; attempt += 1) {
      const last = attempt >= policy.retries;
      // Each attempt sends a copy: a body can be read only once.
      const sent = last ? request : request.clone();
      let response: Response;
      try {
        response = await inner(sent);
      } catch (error) {
        if (last || request.signal.aborted) throw error;
        await sleep(backoffMs(policy, attempt), request.signal);
        continue;
      }
      if (last || !RETRYABLE_STATUSES.has(response.status)) return response;
      const retryAfter = retryAfterMs(response.headers.get('retry-after'));
      const wait = retryAfter ?? backoffMs(policy, attempt);
      if (wait > policy.maxDelayMs) return response;
      await response.body?.cancel();
      await sleep(wait, request.signal);
    }
  };
}

/** "Full jitter": uniform in [0, min(max, base·2^attempt)), so clients that failed together spread out. */
export function backoffMs(policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs' | 'random'>, attempt: number): number {
  return Math.floor(policy.random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt));
}

/** `Retry-After` as delay-seconds or an HTTP date, in ms; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
