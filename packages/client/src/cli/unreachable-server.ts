/**
 * A request that never got an answer: fetch says only "fetch failed", with the reason in its
 * `cause` (an errno code from the socket, or undici's). The CLI names the server and the reason.
 */
const REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused (is the server running on that port?)',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed (temporary)',
  ETIMEDOUT: 'connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  ECONNRESET: 'connection reset by the server',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  UND_ERR_SOCKET: 'the connection closed before an answer',
};

export class ServerUnreachable extends Error {
  constructor(
    readonly server: string,
    readonly reason: string,
    readonly code: string | undefined,
  ) {
    super(`cannot reach the Quire server at ${server}: ${reason}${code ? ` [${code}]` : ''}`);
    this.name = 'ServerUnreachable';
  }
}

/** `error` as a ServerUnreachable when it is fetch's transport failure; undefined otherwise. */
export function unreachableServer(error: unknown, server: string | undefined): ServerUnreachable | undefined {
  if (server === undefined || !(error instanceof TypeError) || error.message !== 'fetch failed') return undefined;
  // The cause may itself wrap the errno error (AggregateError for several addresses, undici's errors).
  let cause: unknown = error.cause;
  for (let depth = 0; depth < 4 && cause instanceof Error; depth += 1) {
    const code = (cause as NodeJS.ErrnoException).code;
    if (code && REASONS[code]) return new ServerUnreachable(server, REASONS[code], code);
    const inner: unknown = cause instanceof AggregateError && cause.errors.length > 0 ? cause.errors[0] : cause.cause;
    if (inner === undefined) return new ServerUnreachable(server, cause.message || code || 'no answer', code);
    cause = inner;
  }
  return new ServerUnreachable(server, 'no answer', undefined);
}
