/**
 * The caller a generation run acts for at per-user tools, carried with the run so that any
 * process can execute it (issue #14). The caller's bearer token is sealed with AES-256-GCM under
 * the service's secret key (QUIRE_SECRET_KEY), bound to the organization and the run, and stored
 * beside the run until the run ends (run.repository.ts `finish` erases it in the same
 * transaction). Its expiry is the token's own `exp`.
 *
 * WARNING: this is the only place a run's token is in clear outside a request. It goes to the
 * gather ports and from there to per-user tool servers only — never to a log, an error message,
 * an event or a job payload.
 */
import type { KeyObject } from 'node:crypto';
import { SealedSecretError, openSecret, sealSecret } from '../../kernel/secret-box.js';
import type { ToolCaller } from '../../pipeline/ports.js';
import type { CommandContext } from '../context.js';
import type { RunCredentialRecord } from './run-credential.repository.js';

/**
 * The caller with their token and its expiry (checked again at each per-user call: a run may
 * outlive the token), or why the run has no usable token (a message for a person).
 */
export type RecalledCaller = { caller: ToolCaller; expiresAt: string } | { caller: null; unavailable: string };

/** Why an expired token is not used, in the words a per-user need's error gives. */
export function tokenExpiredReason(expiresAt: string): string {
  return `the caller's token expired at ${expiresAt}`;
}

/** What is sealed: the token and who it belongs to (the organization comes from the run). */
interface SealedCaller {
  bearerToken: string;
  subject: string;
  email: string | null;
}

/** Binds a sealed credential to its organization and run: moved to another row, it does not open. */
function sealContext(orgId: string, runId: string): string {
  return `run-credential:${orgId}:${runId}`;
}

/**
 * Stores the request's caller for the run, sealed. Call it in the transaction that starts the
 * run (after the run's row exists): the credential exists exactly when the run does. A caller
 * without a token (system work) or without an expiry keeps nothing.
 */
export async function keepRunCaller(ctx: CommandContext, secretKey: KeyObject, runId: string): Promise<void> {
  const { actor } = ctx;
  if (actor.bearerToken === '' || actor.bearerTokenExpiresAt === null) return;
  const sealed: SealedCaller = { bearerToken: actor.bearerToken, subject: actor.subject, email: actor.email };
  await ctx.repos.runCredentials.insert(actor.org.orgId, {
    runId,
    sealed: sealSecret(secretKey, JSON.stringify(sealed), sealContext(actor.org.orgId, runId)),
    expiresAt: actor.bearerTokenExpiresAt,
    createdAt: ctx.clock.now().toISOString(),
  });
}

/**
 * The run's caller, opened — or why not: no credential kept, the token expired, or it cannot be
 * decrypted (another QUIRE_SECRET_KEY, or altered). Never throws for those; the reason is for
 * the per-user need that wanted the token.
 */
export async function recallRunCaller(
  ctx: CommandContext,
  secretKey: KeyObject,
  run: { orgSlug: string; runId: string },
  /** The credential when the caller read it already (with the run, one read); undefined: read here. */
  read?: RunCredentialRecord | null,
): Promise<RecalledCaller> {
  const orgId = ctx.actor.org.orgId;
  const credential = read === undefined ? await ctx.repos.runCredentials.find(orgId, run.runId) : read;
  if (!credential) return { caller: null, unavailable: 'no token of the caller was kept for this run' };
  if (Date.parse(credential.expiresAt) <= ctx.clock.now().getTime()) return { caller: null, unavailable: tokenExpiredReason(credential.expiresAt) };
  let opened: SealedCaller;
  try {
    opened = JSON.parse(openSecret(secretKey, credential.sealed, sealContext(orgId, run.runId))) as SealedCaller;
  } catch (error) {
    if (!(error instanceof SealedSecretError)) throw error;
    return { caller: null, unavailable: `the caller's token cannot be decrypted: ${error.message}` };
  }
  return { caller: { bearerToken: opened.bearerToken, subject: opened.subject, email: opened.email, orgSlug: run.orgSlug }, expiresAt: credential.expiresAt };
}
