/** The organization library: texts, snippets, snippet bindings, risk blocks, voices, entities. */
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../route-context.js';
import { registerBindingRoutes } from './bindings/bindings.routes.js';
import { registerEntityRoutes } from './entities/entities.routes.js';
import { registerRiskBlockRoutes } from './risk-blocks/risk-blocks.routes.js';
import { registerSnippetRoutes } from './snippets/snippets.routes.js';
import { registerTextRoutes } from './texts/texts.routes.js';
import { registerVoiceRoutes } from './voices/voices.routes.js';

/** Registers every library route on the authenticated scope. */
export function registerLibraryRoutes(app: FastifyInstance, deps: RouteDeps): void {
  registerTextRoutes(app, deps);
  registerSnippetRoutes(app, deps);
  registerBindingRoutes(app, deps);
  registerRiskBlockRoutes(app, deps);
  registerVoiceRoutes(app, deps);
  registerEntityRoutes(app, deps);
}
