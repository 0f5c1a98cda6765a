/**
 * Opens a server-sent event stream on a hijacked reply: the head — with the request id and
 * security headers the reply already holds (security-headers.ts), which a hijacked reply would
 * otherwise not send — then a first comment, so proxies and clients see the stream at once.
 * Both progress streams (a document's run, a merge run) open this way.
 */
import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';

export function openEventStream(reply: FastifyReply): ServerResponse {
  reply.hijack();
  const raw = reply.raw;
  const held = Object.entries(reply.getHeaders()).filter((entry): entry is [string, string | number | string[]] => entry[1] !== undefined);
  raw.writeHead(200, {
    ...Object.fromEntries(held),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  raw.write(': connected\n\n');
  return raw;
}
