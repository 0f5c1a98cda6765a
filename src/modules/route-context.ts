/**
 * How a route builds the command context — the request's authenticated actor (with its active
 * organization, or 404 "organization not found") over the application's database — and the
 * services routes may hand to use cases (ports, never concrete adapters).
 */
import type { KeyObject } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { requireOrg } from '../kernel/actor.js';
import type { JobQueue } from '../kernel/jobs.js';
import type { WebhookTransport } from '../kernel/webhook-transport.js';
import type { PdfConverter } from '../pdf/pdf-converter.js';
import type { ModelGateway, ToolGateway } from '../pipeline/ports.js';
import type { BlobStore } from '../storage/blobs/blob-store.js';
import type { Database } from '../storage/schema.js';
import { type CommandContext, createContext } from './context.js';

export interface RouteDeps {
  db: Kysely<Database>;
  model: ModelGateway;
  tools: ToolGateway;
  jobs: JobQueue;
  /** Where uploaded files live: local directory, PostgreSQL or S3, chosen once by `createBlobStore`. */
  blobs: BlobStore;
  /** Seals what is stored but never in clear (a run's caller token): QUIRE_SECRET_KEY. */
  secretKey: KeyObject;
  /** Operator allow-list of hosts tools may reach despite the SSRF guard. */
  toolAllowedHosts: string[];
  uploads: { maxBytes: number; maxPages: number; inspectTimeoutMs?: number };
  /** Budget of one extraction (a processing run's worker thread). */
  extraction: { timeoutMs: number; maxHeapMb: number; workers: number };
  /** Webhook deliveries: the guarded transport and the retry and timeout policy. */
  webhooks: { transport: WebhookTransport; policy: { retrySeconds: readonly number[]; timeoutMs: number } };
  /** Prices per million tokens for run costs (0 when unknown). */
  llmPrice: { inputPerMTok: number; outputPerMTok: number };
  /** Converts exported .docx to PDF (the LibreOffice pool, started on first use). */
  pdf: PdfConverter;
}

/** @throws NotFoundError when the caller has no active organization. */
export function contextOf(request: FastifyRequest, deps: Pick<RouteDeps, 'db'>): CommandContext {
  return createContext(deps.db, requireOrg(request.actor));
}
