/**
 * What Fastify and Node answer on their own, before any route or error handler runs, in the
 * contract's `{detail}` shape:
 * - the router's refusals (`frameworkErrors`): a path whose percent-encoding is not UTF-8
 *   (422, like every other unstorable text, see text-integrity.ts) and a path segment over the
 *   router's 100-character limit (414);
 * - Node's HTTP parser (`clientError`): a request head over `HTTP_MAX_HEADER_BYTES` (431), a
 *   request that did not arrive in time (408), anything unparseable (400). These are written on
 *   the raw socket (there is no request yet), with the same security headers as every answer.
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { BASE_SECURITY_HEADERS } from './security-headers.js';

/** Fastify's `frameworkErrors` option. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  // These replies run no route hooks, so the security headers are set here.
  reply.headers(BASE_SECURITY_HEADERS).serializer(JSON.stringify).type('application/json; charset=utf-8');
  if (error.code === 'FST_ERR_BAD_URL') {
    reply.status(422).send({ detail: 'the path is not valid percent-encoded UTF-8' });
  } else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.status(414).send({ detail: 'a path segment is longer than 100 characters' });
  } else {
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
    reply.status(status).send({ detail: error.message });
  }
}

/** Node's `clientError` listener (Fastify's `clientErrorHandler` option), for a given head limit. */
export function clientErrorHandler(maxHeaderBytes: number) {
  return (error: NodeJS.ErrnoException, socket: Socket): void => {
    // A reset connection has no one to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    let status = 400;
    let detail = 'malformed HTTP request';
    if (error.code === 'HPE_HEADER_OVERFLOW') {
      status = 431;
      detail = `request headers are larger than ${maxHeaderBytes} bytes`;
    } else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      status = 408;
      detail = 'the request did not arrive in time';
    }
    if (!socket.writable) {
      socket.destroy(error);
      return;
    }
    const body = JSON.stringify({ detail });
    const headers = {
      ...BASE_SECURITY_HEADERS,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    };
    const head = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}`)
      .join('\r\n');
    socket.end(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n${head}\r\n\r\n${body}`);
  };
}
