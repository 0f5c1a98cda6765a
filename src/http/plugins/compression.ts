/**
 * Response compression (gzip, brotli, deflate by `Accept-Encoding`) for bodies over 1 KiB.
 * The progress stream is never compressed: it is written on the hijacked raw response, which
 * this plugin does not see (and a proxy-buffered compressed stream would stall events). Partial
 * file downloads (206) are left alone by the plugin itself, so Range and ETag keep working.
 */
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
}
