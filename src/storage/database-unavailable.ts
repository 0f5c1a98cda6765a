/**
 * Whether an error means the database could not be reached (stopped, restarting, failing over,
 * or the network to it cut), as opposed to a statement it refused. Such a request is worth
 * retrying in a moment: the HTTP layer answers 503 with `Retry-After`, never a 500.
 */

/**
 * SQLSTATEs of a server going away: class 08 (connection exception), 57P01 admin shutdown
 * (`pg_ctl stop -m fast`), 57P02 crash shutdown, 57P03 cannot connect now (starting up or
 * shutting down), 53300 too many connections (a failover's reconnect storm).
 */
const SERVER_GONE = /^(08...|57P0[123]|53300)$/;

/** Node's socket errors on the way to the server. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * node-postgres's own words for a connection that ended or never came (these errors carry no
 * code): an ended socket, a client broken by an earlier error, the pool's connect timeout.
 */
const DRIVER_MESSAGES = [/^Connection terminated/, /not queryable/, /timeout exceeded when trying to connect/, /^Client was closed and is not queryable/];

export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (SERVER_GONE.test(code) || SOCKET_CODES.has(code))) return true;
  // Node 20 reports a refused connect to `localhost` (both address families) as an AggregateError.
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && DRIVER_MESSAGES.some((pattern) => pattern.test(message));
}
