/** Sending JSON text a route has already written (with its response schema's serializer or an equivalent). */
import type { FastifyReply } from 'fastify';

/**
 * Sends the UTF-8 bytes of `json` as the JSON body: Fastify sends a Buffer as is, where a
 * string body would be measured (`Buffer.byteLength`) and encoded again on the way out.
 */
export function sendJsonBytes(reply: FastifyReply, json: string | Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(typeof json === 'string' ? Buffer.from(json, 'utf8') : json);
}
