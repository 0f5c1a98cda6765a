/**
 * Interactive docs of the whole service at /docs (Scalar), served entirely from the package:
 * no fonts, telemetry or cloud features load from outside the server.
 *
 * The Scalar plugin carries its 4 MB browser bundle as a string literal, about 35 MB of resident
 * memory once loaded. It is loaded on the first request to /docs, into a small inner Fastify
 * instance whose answers the two routes here pass on; a service nobody opens the docs of never
 * holds it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, InjectOptions } from 'fastify';
import Fastify from 'fastify';

const ROUTE_PREFIX = '/docs' as const;

const SCALAR_OPTIONS = {
  routePrefix: ROUTE_PREFIX,
  logLevel: 'warn' as const,
  configuration: {
    url: '/openapi.json',
    title: 'Quire API',
    withDefaultFonts: false,
    telemetry: false,
    agent: { disabled: true },
    mcp: { disabled: true },
    showDeveloperTools: 'never',
    hideDownloadButton: false,
    authentication: { preferredSecurityScheme: 'bearerAuth' },
    defaultOpenAllTags: true,
  } as Record<string, unknown>,
};

let inner: Promise<FastifyInstance> | undefined;

/** The inner instance with the Scalar plugin, made once (a failed load is retried next time). */
function docsApp(): Promise<FastifyInstance> {
  inner ??= (async () => {
    const { default: scalar } = await import('@scalar/fastify-api-reference');
    const app = Fastify({ logger: false });
    await app.register(scalar, SCALAR_OPTIONS);
    await app.ready();
    return app;
  })().catch((error: unknown) => {
    inner = undefined;
    throw error;
  });
  return inner;
}

async function serveDocs(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const app = await docsApp();
  const headers: Record<string, string> = {};
  for (const name of ['accept', 'accept-encoding', 'if-none-match', 'if-modified-since']) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const answer = await app.inject({ method: request.method as InjectOptions['method'], url: request.url, headers });
  // Anything the docs do not serve is the service's own 404, in its own error shape.
  if (answer.statusCode === 404) {
    reply.callNotFound();
    return reply;
  }
  for (const [name, value] of Object.entries(answer.headers)) {
    // Fastify sets these itself for the outer reply.
    if (value === undefined || name === 'content-length' || name === 'connection' || name === 'transfer-encoding' || name === 'date') continue;
    reply.header(name, value);
  }
  reply.code(answer.statusCode);
  return answer.rawPayload.length > 0 ? reply.send(answer.rawPayload) : reply.send();
}

/** Registers the docs page. */
export async function installDocs(app: FastifyInstance): Promise<void> {
  // `/docs/` is the same route as `/docs` here (the app ignores trailing slashes); HEAD comes with GET.
  for (const url of [ROUTE_PREFIX, `${ROUTE_PREFIX}/*`]) {
    app.route({ method: 'GET', url, schema: { hide: true }, logLevel: 'warn', handler: serveDocs });
  }
}
