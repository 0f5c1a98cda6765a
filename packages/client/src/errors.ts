/**
 * What the client throws. Every error body of the service is `{detail}`: a string, the
 * validation array `[{loc, msg, type}]`, or (409 on generate) an object.
 */

/** A non-2xx answer the retry policy did not (or could no longer) retry. */
export class QuireApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: unknown,
  ) {
    super(`HTTP ${status}: ${detailMessage(detail)}`);
    this.name = 'QuireApiError';
  }
}

/**
 * `POST …/generate` answered 409: hand-edited sections exist. Not retried blindly (the spec's
 * rule): re-issue with `force` (overwrite them) or `preserveEdited` (keep them).
 */
export class GenerateConflict extends QuireApiError {
  constructor(
    readonly editedSectionTitles: string[],
    detail: unknown,
  ) {
    super(409, detail);
    this.name = 'GenerateConflict';
    this.message = `generation blocked: hand-edited sections (${editedSectionTitles.join(', ')}); send force or preserveEdited`;
  }
}

/** The progress stream ended without a terminal event, and the one reconnect was spent. */
export class ProgressStreamInterrupted extends Error {
  constructor(readonly lastSeq: number | undefined) {
    super(`the progress stream ended without a terminal event (last seq ${lastSeq ?? 'none'}) and the reconnect was spent`);
    this.name = 'ProgressStreamInterrupted';
  }
}

/** The caller's deadline passed before a terminal event; never retried. */
export class ProgressDeadlineExceeded extends Error {
  constructor(
    readonly deadlineMs: number,
    readonly lastSeq: number | undefined,
  ) {
    super(`no terminal progress event within ${deadlineMs} ms (last seq ${lastSeq ?? 'none'})`);
    this.name = 'ProgressDeadlineExceeded';
  }
}

/** One line for any `detail`: the string itself, the validation messages, or the JSON. */
export function detailMessage(detail: unknown): string {
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) {
    return detail
      .map((item) =>
        isRecord(item) && typeof item.msg === 'string' ? `${Array.isArray(item.loc) ? item.loc.join('.') + ': ' : ''}${item.msg}` : JSON.stringify(item),
      )
      .join('; ');
  }
  return detail === undefined ? 'no detail' : JSON.stringify(detail);
}

/** The `detail` of an error body openapi-fetch parsed (or the raw text when it was not JSON). */
export function detailOf(errorBody: unknown): unknown {
  return isRecord(errorBody) && 'detail' in errorBody ? errorBody.detail : errorBody;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
