/**
 * CORS, off by default: without `CORS_ORIGINS` no CORS header is ever sent, so browsers keep
 * the same-origin rule. With it, those origins (exactly) may call the API from a browser, and
 * can read the headers a client needs (paging, retry, request id, download filename).
 */
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/**
 * Every method the API has (the preflight of any other is refused by the browser). The plugin's
 * default is only the CORS-safelisted GET, HEAD and POST, which left a browser app on another
 * origin unable to PUT, PATCH or DELETE (issue #28).
 */
export const CORS_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

const EXPOSED = ['X-Next-Cursor', 'Link', 'Retry-After', 'X-Request-Id', 'Content-Disposition', 'ETag', 'Content-Range'];

export async function installCors(app: FastifyInstance, origins: string[]): Promise<void> {
  if (origins.length === 0) return;
  await app.register(cors, { origin: origins, methods: CORS_METHODS, exposedHeaders: EXPOSED, maxAge: 600 });
}
