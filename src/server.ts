/**
 * Starts Quire from a config: opens and migrates the store, seeds the demo data, loads the
 * signing keys, builds the app and listens. Used by `main.ts` and by the tests, so both run
 * the same start-up.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { createModelGateway } from './adapters/llm/create-model-gateway.js';
import { createToolGateway } from './adapters/tools/tool-gateway.js';
import { createGuardedWebhookTransport } from './adapters/webhooks/guarded-webhook-transport.js';
import { buildApp } from './app.js';
import { registerJobs } from './jobs/register-jobs.js';
import { createJobQueue } from './jobs/create-job-queue.js';
import type { JobQueue } from './kernel/jobs.js';
import type { Config } from './config.js';
import { seedDemoIdentity } from './modules/identity/commands/seed-demo-identity.js';
import { seedBuiltinTemplates } from './modules/templates/commands/seed-builtin-templates.js';
import { IdentityRepository } from './modules/identity/identity.repository.js';
import { loadDeploymentSigningKeys, localKeyPem } from './modules/identity/signing-keys.js';
import { createTokenVerifier } from './modules/identity/token-verifier.js';
import type { BlobStore } from './storage/blobs/blob-store.js';
import { createBlobStore } from './storage/blobs/create-blob-store.js';
import { type Store, type StoreObservers, openStore } from './storage/database.js';
import { migrateToLatest } from './storage/migrate.js';
import { loadOrCreateSecretKey } from './storage/secret-key-file.js';
import { withStartupLock } from './storage/startup-lock.js';
import { configureTenantCode } from './tenant-code/tenant-code-pool.js';
import { LibreOfficePool } from './pdf/libreoffice-pool.js';
import { type PdfConverter, PdfConverterUnavailableError } from './pdf/pdf-converter.js';
import { closeComposeWorkers } from './docx/compose-in-worker.js';
import { closePdfWorkers } from './extraction/pdf-text.js';
import { closeProcessorWorkers } from './extraction/run-processor-in-worker.js';

export interface RunningServer {
  app: FastifyInstance;
  store: Store;
  jobs: JobQueue;
  /** Where uploaded files live (the store `BLOB_STORE` chose). */
  blobs: BlobStore;
  /** Base URL, e.g. http://127.0.0.1:8000 */
  url: string;
  /**
   * Stops in the order that bounds it: no new jobs, progress streams ended (final comment),
   * HTTP closed (in-flight requests answered), running jobs given `graceMs` (default
   * `SHUTDOWN_GRACE_SECONDS`) and then handed back, the database closed.
   */
  close(options?: { graceMs?: number }): Promise<void>;
}

/** What a caller (a test, a benchmark) may attach to a server it starts. */
export interface ServerOptions extends StoreObservers {
  logStream?: DestinationStream;
}

const require = createRequire(import.meta.url);
/** The package version (shown in /health and the whole-service OpenAPI document). */
export const VERSION: string = (require('../package.json') as { version: string }).version;

/** Where a process keeps its keys (the dev signing key, a single process's secret key). */
const keyDirOf = (config: Config): string => path.join(config.dataDir, 'keys');

/**
 * Dev mode: this DATA_DIR's key. A fresh one is RSA (the contract says RS256), generated on
 * libuv's thread pool for 50–300 ms of CPU, so it starts before the migrations and the seed and
 * overlaps them. Marked handled here; awaited (and any error thrown) once the store is ready.
 */
function startLocalKey(config: Config): Promise<string> | null {
  if (config.auth.mode !== 'dev') return null;
  const pending = localKeyPem(keyDirOf(config));
  pending.catch(() => {});
  return pending;
}

/** Prepares storage and builds the app without listening. */
export async function prepareApp(
  config: Config,
  options: ServerOptions = {},
): Promise<{ app: FastifyInstance; store: Store; jobs: JobQueue; blobs: BlobStore; pdf: PdfConverter }> {
  // Process-wide, like the database pool: every evaluation of tenant code goes to these workers.
  configureTenantCode(config.tenantCode);
  const store = await openStore(config, options);
  try {
    const identity = new IdentityRepository(store.db);
    const localKey = startLocalKey(config);
    // ROLE=all without QUIRE_SECRET_KEY (one process): a key kept under DATA_DIR/keys.
    const secretKey = config.secretKey ?? (await loadOrCreateSecretKey(keyDirOf(config)));
    // Several processes may start together on one database: one prepares it at a time.
    await withStartupLock(store, config.dataDir, async () => {
      await migrateToLatest(store.db, store.schema);
      const { orgIds } = await seedDemoIdentity(identity);
      await seedBuiltinTemplates(
        store.db,
        Object.entries(orgIds).map(([slug, orgId]) => ({ orgId, slug })),
      );
    });
    const signing = localKey ? await loadDeploymentSigningKeys(store.db, secretKey, keyDirOf(config), localKey) : null;
    const keys = signing?.keys ?? null;
    const verifier = createTokenVerifier(config.auth, keys);
    const model = await createModelGateway(config.llm);
    const tools = createToolGateway({ allowedHosts: config.tools.allowedHosts });
    // Job errors go to the application's log once it exists (the queue is built before the app).
    const logTo: { log?: FastifyInstance['log'] } = {};
    const jobs = await createJobQueue(store, config, (error, job) => logTo.log?.error({ err: error, job }, job ? `job ${job.name} failed` : 'job queue error'));
    const blobs = await createBlobStore({ ...config.blobs, dataDir: config.dataDir }, store.db);
    const webhooks = { transport: createGuardedWebhookTransport({ allowedHosts: config.tools.allowedHosts }), policy: config.webhooks };
    // The converters start once the server listens (startServer); closing the app stops them.
    const pdf = new LibreOfficePool(config.pdf);
    const services = {
      model,
      tools,
      jobs,
      blobs,
      webhooks,
      secretKey,
      pdf,
      toolAllowedHosts: config.tools.allowedHosts,
      uploads: config.uploads,
      extraction: config.extraction,
      llmPrice: config.llm.price,
    };
    const app = await buildApp({ config, store, identity, keys, verifier, services, version: VERSION, logStream: options.logStream });
    app.addHook('onClose', async () => pdf.close());
    // The docx composer workers are per process and started by the first large export.
    app.addHook('onClose', async () => closeComposeWorkers());
    // The PDF reader that inspects uploads is kept between uploads, and stopped with the app.
    app.addHook('onClose', async () => closePdfWorkers());
    // So are the extraction workers, started by the first upload's processing.
    app.addHook('onClose', async () => closeProcessorWorkers());
    logTo.log = app.log;
    if (signing?.notShared) app.log.warn(signing.notShared);
    store.onConnectionLost((error) => app.log.warn({ err: error }, 'a database connection was lost (the next query opens a new one)'));
    registerJobs(jobs, { db: store.db, ...services, log: app.log });
    // The job engine installs its own schema and queues: under the same lock, or two processes
    // starting together race to create them (one failed its start-up that way).
    await withStartupLock(store, config.dataDir, async () => jobs.prepare?.());
    // The AI SDK prints its warnings to the console; send them to the structured log instead.
    (globalThis as { AI_SDK_LOG_WARNINGS?: unknown }).AI_SDK_LOG_WARNINGS = (details: { warnings: unknown[]; provider?: string; model?: string }) =>
      app.log.warn({ warnings: details.warnings, provider: details.provider, model: details.model }, 'language model warnings');
    app.log.info({ blobStore: blobs.kind }, 'blob store');
    return { app, store, jobs, blobs, pdf };
  } catch (error) {
    await store.close();
    throw error;
  }
}

/** Starts the PDF converters without waiting; says in the log how that went. */
function startPdfConverters(pdf: PdfConverter, log: FastifyInstance['log']): void {
  pdf.start().then(
    () => log.info('PDF converters started'),
    (error: unknown) => {
      if (error instanceof PdfConverterUnavailableError) log.info(`PDF export is not enabled: ${error.reason}`);
      else log.warn({ err: error }, 'a PDF converter did not start; the next PDF export starts it again');
    },
  );
}

/** Prepares and listens on `config.host:config.port` (port 0 picks a free one). */
export async function startServer(config: Config, options: ServerOptions = {}): Promise<RunningServer> {
  const { app, store, jobs, blobs, pdf } = await prepareApp(config, options);
  // ROLE=api serves HTTP only; worker and all (the default) also run background jobs.
  if (config.role !== 'api') await jobs.start();
  if (config.role === 'worker') await app.ready();
  else await app.listen({ host: config.host, port: config.port });
  // Only a serving process exports PDF; its converters come up in the background, not in the first export's time.
  if (config.role !== 'worker' && config.pdf.startAtBoot) startPdfConverters(pdf, app.log);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return {
    app,
    store,
    jobs,
    blobs,
    url: `http://${host}:${port}`,
    close: async (options = {}) => {
      const graceMs = options.graceMs ?? config.shutdownGraceMs;
      const deadline = Date.now() + graceMs;
      // Jobs stop being claimed at once; the running ones continue while HTTP closes.
      const jobsStopped = jobs.stop({ graceMs });
      // Streams end in preClose; a request still unanswered at the deadline is cut.
      const cut = setTimeout(() => app.server.closeAllConnections(), graceMs);
      await app.close();
      clearTimeout(cut);
      await jobsStopped;
      if (Date.now() > deadline + 1000) app.log.warn('shutdown took longer than its grace');
      await store.close();
    },
  };
}
