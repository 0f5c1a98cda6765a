/**
 * A request refused before its body was read (an upload over the cap, a broken multipart part)
 * still has the rest of its body on the way. Left unread, the connection is wedged: the client
 * cannot finish sending, so a keep-alive client's next request waits forever behind it, and
 * closing at once resets the connection, which can swallow the answer before the client reads
 * it. So the rest is read and discarded (Node does this itself only for a body nobody started to
 * read) and the connection stays usable; a body that goes on past the budget closes it.
 */
import type { IncomingMessage } from 'node:http';

const MAX_DRAIN_BYTES = 64 * 1024 * 1024;
const MAX_DRAIN_MS = 60_000;

export function drainUnreadBody(request: IncomingMessage): void {
  if (request.complete || request.destroyed) return;
  let drained = 0;
  const stop = (): void => {
    clearTimeout(timer);
    request.socket?.destroy();
  };
  const timer = setTimeout(stop, MAX_DRAIN_MS);
  timer.unref();
  request.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > MAX_DRAIN_BYTES) stop();
  });
  request.once('end', () => clearTimeout(timer));
  request.once('close', () => clearTimeout(timer));
  request.resume();
}
