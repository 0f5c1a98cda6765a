/** `POST /v1/tool-registrations`: registers a built-in tool class with its non-secret config. */
import { ConflictError, DomainValidationError } from '../../../../kernel/errors.js';
import { newId } from '../../../../kernel/ids.js';
import { isUniqueViolation } from '../../../../storage/dialect.js';
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

/**
 * Validates and stores a registration. Credentials are refused before anything else is looked
 * at, and the message names only where they were, never what they were.
 *
 * @throws DomainValidationError for a blank name, credential-like config, an unknown class or a
 *   config the class does not accept; ConflictError when the name is taken in the organization.
 */
export async function createToolRegistration(ctx: CommandContext, input: CreateToolRegistrationInput): Promise<ToolRegistrationRecord> {
  const config = input.configJson ?? {};
  const credentials = findCredentials(config);
  if (credentials.length > 0) {
    throw new DomainValidationError(`configJson must not contain credentials (tool registrations never store them; per-user tools receive the caller's token at call time): ${credentials.join(', ')}`);
  }
  const name = input.name.trim();
  if (name === '') throw new DomainValidationError('name must not be blank');
  const category = input.category.trim();
  if (category === '') throw new DomainValidationError('category must not be blank');
  assertValidToolConfig(input.classPath, config);
  const orgId = ctx.actor.org.orgId;
  const repository = ctx.repos.toolRegistrations;
  if (await repository.findByName(orgId, name)) throw new ConflictError(`a tool named "${name}" is already registered`);
  const now = ctx.clock.now().toISOString();
  const record: ToolRegistrationRecord = { id: newId('tool'), name, category, classPath: input.classPath, config, createdBy: ctx.actor.userId, createdAt: now, updatedAt: now };
  try {
    await repository.insert(orgId, record);
  } catch (error) {
    // Two requests racing past the check above: the unique index decides.
    if (isUniqueViolation(error)) throw new ConflictError(`a tool named "${name}" is already registered`);
    throw error;
  }
  return record;
}
