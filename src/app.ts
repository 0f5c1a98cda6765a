/**
 * buildApp(deps): the Fastify instance with its plugins and every module's routes. It never
 * listens (tests may `inject`); `server.ts` does. The only file that wires http to modules.
 */
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { DomainValidationError } from './kernel/errors.js';
import { LIMITS } from './kernel/limits.js';
import { registerAssistantRoutes } from './modules/assistants/assistants.routes.js';
import { registerOrchestrateRoutes } from './modules/assistants/orchestrate.routes.js';
import { registerDataNeedRoutes } from './modules/documents/data-needs/data-needs.routes.js';
import { registerDocumentConfigRoutes } from './modules/documents/config/document-config.routes.js';
import { registerDocumentRoutes } from './modules/documents/documents.routes.js';
import { registerSectionRoutes } from './modules/documents/sections/sections.routes.js';
import { registerCommentRoutes } from './modules/collaboration/comments/comments.routes.js';
import { registerSuggestionRoutes } from './modules/collaboration/suggestions/suggestions.routes.js';
import { registerTemplateRoutes } from './modules/templates/templates.routes.js';
import { registerAssessmentRoutes } from './modules/assessments/assessments.routes.js';
import { registerExportRoutes } from './modules/export/export.routes.js';
import { registerWordTemplateRoutes } from './modules/word-templates/word-templates.routes.js';
import { registerGenerationRoutes } from './modules/generation/generation.routes.js';
import { registerReadinessRoutes } from './modules/generation/readiness.routes.js';
import { documentDetailWithStaleness, readDocumentDetail } from './modules/generation/queries/document-staleness.js';
import { registerDocumentSpecRoutes } from './modules/templates/document-spec.routes.js';
import { registerDocumentDetailRoute } from './modules/documents/detail/document-detail.routes.js';
import { registerHistoryRoutes } from './modules/history/history.routes.js';
import { setSnapshotCacheBudget } from './modules/history/snapshot-records-cache.js';
import { registerLibraryRoutes } from './modules/library/library.routes.js';
import { registerToolRoutes } from './modules/library/tools.routes.js';
import type { RouteDeps } from './modules/route-context.js';
import type { Config } from './config.js';
import { lazySerializerFactory } from './http/lazy-serializers.js';
import { registerHealthRoutes } from './http/health.routes.js';
import { protectScope } from './http/plugins/auth.js';
import { MembershipCache } from './modules/identity/membership-cache.js';
import { installCompression } from './http/plugins/compression.js';
import { installCors } from './http/plugins/cors.js';
import { documentDatabaseUnavailable } from './http/plugins/database-unavailable-response.js';
import { installConsole } from './http/plugins/console.js';
import { installDocs } from './http/plugins/docs.js';
import { installErrorHandling } from './http/plugins/errors.js';
import { clientErrorHandler, frameworkErrors } from './http/plugins/framework-errors.js';
import { installSecurityHeaders } from './http/plugins/security-headers.js';
import { installTextIntegrity } from './http/plugins/text-integrity.js';
import { installOpenApi, registerOpenApiRoutes } from './http/plugins/openapi.js';
import { installMetrics } from './http/plugins/metrics.js';
import { readServiceCounts } from './modules/service-counts.js';
import { installOptionalBodies } from './http/plugins/optional-body.js';
import { installPageHeaders } from './http/plugins/page-headers.js';
import { installRateLimit, type RefusalLimit } from './http/plugins/rate-limit.js';
import { installValidation } from './http/plugins/validation.js';
import { NAMED_SCHEMAS } from './http/schema-registry.js';
import { registerAuthRoutes } from './modules/identity/auth.routes.js';
import type { IdentityRepository } from './modules/identity/identity.repository.js';
import { registerIdentityRoutes } from './modules/identity/identity.routes.js';
import { registerMemberRoutes } from './modules/identity/members/members.routes.js';
import { buildOidcSignIn } from './modules/identity/oidc/build-oidc-sign-in.js';
import { registerOidcSignInRoutes } from './modules/identity/oidc/oidc-sign-in.routes.js';
import { registerOrganizationRoutes } from './modules/organization/organization.routes.js';
import { registerMergeRoutes } from './modules/merge/merge.routes.js';
import { registerLiveRoutes } from './modules/live/live.routes.js';
import { registerWebhookRoutes } from './modules/webhooks/webhooks.routes.js';
import type { SigningKeys } from './modules/identity/signing-keys.js';
import type { TokenVerifier } from './modules/identity/token-verifier.js';
import type { Store } from './storage/database.js';

export interface AppDeps {
  config: Config;
  store: Store;
  identity: IdentityRepository;
  keys: SigningKeys | null;
  verifier: TokenVerifier;
  /** Ports and services the use cases receive (model, tools, job queue, storage paths). */
  services: Omit<RouteDeps, 'db'>;
  version: string;
  /** Where JSON logs go (tests capture them); default stdout. */
  logStream?: DestinationStream;
}

/** Paths whose values must never reach a log line. */
const REDACT = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', 'token', '*.token', 'password', '*.password'];

/** Builds the application: the server, the conventions every route shares, then the routes. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = createServer(deps);
  const limitRefused = await installConventions(app, deps);
  await installBodyParsers(app, deps);
  await registerPublicRoutes(app, deps);
  // Everything registered in this scope requires a verified bearer token.
  await app.register(async (scope) => registerProtectedRoutes(scope, deps, limitRefused));
  return app;
}

/** The Fastify instance: logging with redaction, request ids, body and header limits, the framework's refusals as `{detail}`. */
function createServer(deps: AppDeps): FastifyInstance {
  return Fastify({
    logger: {
      level: deps.config.logLevel,
      redact: { paths: REDACT, censor: '[redacted]' },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    bodyLimit: deps.config.bodyLimitBytes,
    routerOptions: { ignoreTrailingSlash: true },
    schemaController: { compilersFactory: { buildSerializer: lazySerializerFactory() } },
    // Node's 16 KiB default refuses a large (but legitimate) OIDC token with a bare 431; the
    // head limit is raised and every refusal of the router or of Node's parser is `{detail}`.
    http: { maxHeaderSize: deps.config.http.maxHeaderBytes },
    clientErrorHandler: clientErrorHandler(deps.config.http.maxHeaderBytes),
    frameworkErrors,
  });
}

/**
 * Cross-cutting HTTP conventions, before any route so each attaches to every route. Returns the
 * rate limiter's refusal budget, which the auth hook spends on the 401s it answers.
 */
async function installConventions(app: FastifyInstance, deps: AppDeps): Promise<RefusalLimit> {
  // The request id and the security headers, on every answer.
  installSecurityHeaders(app);
  installValidation(app, NAMED_SCHEMAS);
  installErrorHandling(app);
  installTextIntegrity(app);
  for (const schema of NAMED_SCHEMAS) app.addSchema(schema);
  installOptionalBodies(app, NAMED_SCHEMAS);
  installPageHeaders(app);
  await installCors(app, deps.config.http.corsOrigins);
  await installCompression(app);
  const limitRefused = await installRateLimit(app, {
    perMinute: deps.config.http.rateLimitPerMinute,
    loginPerMinute: deps.config.http.loginRateLimitPerMinute,
    redisUrl: deps.config.http.rateLimitRedisUrl,
  });
  const { jobs } = deps.services;
  installMetrics(app, () => readServiceCounts(deps.store.db), {
    token: deps.config.http.metricsToken,
    ...(jobs.countByStatus ? { jobCounts: () => jobs.countByStatus?.() ?? Promise.resolve({}) } : {}),
  });
  await installOpenApi(app, deps.version);
  return limitRefused;
}

/** YAML authoring specs and multipart uploads (JSON is Fastify's own). */
async function installBodyParsers(app: FastifyInstance, deps: AppDeps): Promise<void> {
  // Authoring specs may be sent as YAML (the parser is loaded with the first one, not at start-up).
  app.addContentTypeParser(['application/yaml', 'application/x-yaml', 'text/yaml'], { parseAs: 'string' }, async (_request: unknown, body: string | Buffer) => {
    const { default: YAML } = await import('yaml');
    try {
      return YAML.parse(String(body)) as unknown;
    } catch (error) {
      throw new DomainValidationError(`YAML body does not parse: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
  // Uploaded files stream to the blob store, which enforces UPLOAD_MAX_BYTES itself (413, nothing
  // kept); the multipart limit only backs it up, one byte above, so the store's check decides.
  // Likewise for the number of files: receive-multipart refuses file LIMITS.filesPerUpload + 1 itself.
  await app.register(multipart, {
    limits: { fileSize: deps.config.uploads.maxBytes + 1, files: LIMITS.filesPerUpload + 1, fields: 50, fieldSize: 1024 * 1024 },
  });
}

/** The routes that answer without a bearer token: health, sign-in, the contract, docs and the console. */
async function registerPublicRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  // ROLE=api runs no jobs, so its readiness does not wait for a job engine.
  registerHealthRoutes(app, deps.store, deps.version, deps.config.role === 'api' ? null : deps.services.jobs);
  registerAuthRoutes(app, {
    identity: deps.identity,
    keys: deps.config.auth.mode === 'dev' ? deps.keys : null,
    token: { issuer: deps.config.auth.issuer, audience: deps.config.auth.audience, ttlSeconds: deps.config.auth.tokenTtlSeconds },
  });
  registerOidcSignInRoutes(app, buildOidcSignIn({ auth: deps.config.auth, client: deps.config.console.oidc }, deps.verifier));
  registerOpenApiRoutes(app);
  await installDocs(app);
  installConsole(app, { ...deps.config.console, authMode: deps.config.auth.mode, oidcProviderName: deps.config.console.oidc?.providerName });
}

/** The bearer-token scope: the auth hook first, then every module's routes. */
function registerProtectedRoutes(scope: FastifyInstance, deps: AppDeps, limitRefused: RefusalLimit): void {
  // The decoded snapshots are kept per process (snapshot-records-cache.ts): the operator sizes them.
  setSnapshotCacheBudget(deps.config.snapshotCacheChars);
  // One per app: the member routes below drop entries of the users they change.
  const memberships = new MembershipCache(deps.config.auth.membershipCacheSeconds * 1000);
  const { orgClaim, orgClaimDefaultRole } = deps.config.auth;
  protectScope(scope, { verifier: deps.verifier, identity: deps.identity, orgClaim, orgClaimDefaultRole, memberships, limitRefused });
  documentDatabaseUnavailable(scope);
  registerIdentityRoutes(scope);
  const routeDeps: RouteDeps = { db: deps.store.db, ...deps.services };
  registerMemberRoutes(scope, routeDeps, memberships);
  registerTemplateRoutes(scope, routeDeps);
  registerDocumentRoutes(scope, routeDeps, (ctx, document) => documentDetailWithStaleness(ctx, routeDeps, document));
  registerDocumentDetailRoute(scope, routeDeps, (ctx, documentId) => readDocumentDetail(ctx, routeDeps, documentId), {
    detailCacheBytes: deps.config.documentCacheBytes,
  });
  registerReadinessRoutes(scope, routeDeps);
  registerDocumentConfigRoutes(scope, routeDeps);
  registerDocumentSpecRoutes(scope, routeDeps);
  registerSectionRoutes(scope, routeDeps);
  registerCommentRoutes(scope, routeDeps);
  registerSuggestionRoutes(scope, routeDeps);
  registerDataNeedRoutes(scope, routeDeps);
  registerAssistantRoutes(scope, routeDeps);
  registerLibraryRoutes(scope, routeDeps);
  registerToolRoutes(scope, routeDeps);
  registerOrchestrateRoutes(scope, routeDeps);
  registerGenerationRoutes(scope, routeDeps);
  registerHistoryRoutes(scope, routeDeps);
  registerExportRoutes(scope, routeDeps);
  registerWordTemplateRoutes(scope, routeDeps);
  registerAssessmentRoutes(scope, routeDeps);
  registerWebhookRoutes(scope, routeDeps);
  registerMergeRoutes(scope, routeDeps);
  registerLiveRoutes(scope, routeDeps);
  registerOrganizationRoutes(scope, routeDeps);
}
