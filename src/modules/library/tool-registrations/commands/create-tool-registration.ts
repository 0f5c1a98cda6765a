/** `POST /v1/tool-registrations`: registers a built-in tool class with its non-secret config. */
import { ConflictError, DomainValidationError } from '../../../../kernel/errors.js';
import { newId } from '../../../../kernel/ids.js';
import { isUniqueViolation } from '../../../../storage/dialect.js';
import { type OutboundUrlGuard, checkOutboundUrl } from '../../../check-outbound-url.js';
import type { CommandContext } from '../../../context.js';
import { findCredentials } from '../credential-keys.js';
import { assertValidToolConfig } from '../tool-class-catalog.js';
import { type ToolRegistrationRecord } from '../tool-registration.repository.js';

export interface CreateToolRegistrationInput {
  name: string;
  category: string;
  classPath: string;
  configJson?: Record<string, unknown>;
}

/** The host of an absolute URL as written (before any placeholder is filled). */
const WRITTEN_HOST = /^[a-z][a-z0-9+.-]*:\/\/(\[[^\]]*\]|[^/?#:]*)/i;

/**
 * Refuses a tool URL the SSRF guard would refuse at every call, as a webhook's is (issue #28).
 * `{{placeholders}}` are filled from each call's arguments: in the port, path or query they cannot
 * change the host, so a stand-in is checked; a host that is itself a placeholder is known only at
 * call time, where the guard checks it.
 */
async function checkToolUrl(guard: OutboundUrlGuard, config: Record<string, unknown>): Promise<void> {
  const raw = typeof config.url === 'string' ? config.url.trim() : undefined;
  if (raw === undefined || (WRITTEN_HOST.exec(raw)?.[1] ?? '').includes('{{')) return;
  // A name that does not resolve yet is stored (a service not deployed yet); each call checks it again.
  await checkOutboundUrl(guard, raw.replace(/\{\{[^}]*\}\}/g, '1'), 'configJson.url', { acceptUnresolved: true });
}

/**
 * Validates and stores a registration. Credentials are refused before anything else is looked
 * at, and the message names only where they were, never what they were.
 *
 * @throws DomainValidationError for a blank name, credential-like config, an unknown class, a
 *   config the class does not accept or a URL naming a private, loopback or link-local address;
 *   ConflictError when the name is taken in the organization.
 */
export async function createToolRegistration(
  ctx: CommandContext,
  guard: OutboundUrlGuard,
  input: CreateToolRegistrationInput,
): Promise<ToolRegistrationRecord> {
  const config = input.configJson ?? {};
  const credentials = findCredentials(config);
  if (credentials.length > 0) {
    throw new DomainValidationError(
      `configJson must not contain credentials (tool registrations never store them; per-user tools receive the caller's token at call time): ${credentials.join(', ')}`,
    );
  }
  const name = input.name.trim();
  if (name === '') throw new DomainValidationError('name must not be blank');
  const category = input.category.trim();
  if (category === '') throw new DomainValidationError('category must not be blank');
  assertValidToolConfig(input.classPath, config);
  await checkToolUrl(guard, config);
  const orgId = ctx.actor.org.orgId;
  const repository = ctx.repos.toolRegistrations;
  if (await repository.findByName(orgId, name)) throw new ConflictError(`a tool named "${name}" is already registered`);
  const now = ctx.clock.now().toISOString();
  const record: ToolRegistrationRecord = {
    id: newId('tool'),
    name,
    category,
    classPath: input.classPath,
    config,
    createdBy: ctx.actor.userId,
    createdAt: now,
    updatedAt: now,
  };
  try {
    await repository.insert(orgId, record);
  } catch (error) {
    // Two requests racing past the check above: the unique index decides.
    if (isUniqueViolation(error)) throw new ConflictError(`a tool named "${name}" is already registered`);
    throw error;
  }
  return record;
}
