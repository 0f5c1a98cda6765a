/**
 * One way to page (docs/adr/0632-one-way-to-page.md): every paged list, in `/v1` and in the
 * assessment area, names its next page in the `X-Next-Cursor` and `Link: <…>; rel="next"`
 * headers, so one walker follows them all. Bare arrays set them in `sendPage`; the lists whose
 * body is a named wrapper (`riskBlocks`, `fields`, `assessments`, …) keep their body shape and
 * its `nextCursor` / `next_cursor` key, and this hook copies that key into the headers, so no
 * route has to remember to.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { setNextPageHeaders } from '../../modules/paging.js';

function isPagedRoute(request: FastifyRequest): boolean {
  const query = (request.routeOptions.schema as { querystring?: { properties?: Record<string, unknown> } } | undefined)?.querystring;
  return query?.properties?.cursor !== undefined;
}

function bodyCursor(payload: unknown): string | null {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return null;
  const body = payload as { nextCursor?: unknown; next_cursor?: unknown };
  const cursor = body.nextCursor ?? body.next_cursor;
  return typeof cursor === 'string' ? cursor : null;
}

export function installPageHeaders(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (reply.statusCode !== 200 || !isPagedRoute(request) || reply.hasHeader('x-next-cursor')) return payload;
    const cursor = bodyCursor(payload);
    if (cursor !== null) setNextPageHeaders(request, reply, cursor);
    return payload;
  });
}
