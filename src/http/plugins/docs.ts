/**
 * Interactive docs of the whole service at /docs (Scalar), served entirely from the package:
 * no fonts, telemetry or cloud features load from outside the server.
 */
import scalar from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';

/** Registers the docs page. */
export async function installDocs(app: FastifyInstance): Promise<void> {
  await app.register(scalar, {
    routePrefix: '/docs',
    logLevel: 'warn',
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
  });
}
