/** `POST /v1/entities`: a party snippet bindings can name by role (a client, a counterparty). */
import { DomainValidationError } from '../../../../kernel/errors.js';
import { newId } from '../../../../kernel/ids.js';
import type { CommandContext } from '../../../context.js';
import { requiredString } from '../../library-rules.js';
import type { EntityAttributes, EntityRecord } from '../entity.repository.js';

export interface CreateEntityInput {
  name: string;
  kind?: string | null;
  attributes?: Record<string, unknown>;
}

/** Names a template reads as `roles.<role>.<name>`: not blank, and not one of the entity's own keys. */
const RESERVED = new Set(['id', 'name', 'kind', 'attributes']);

/** Attributes as stored: plain values under names a template can read. @throws DomainValidationError otherwise. */
export function checkedAttributes(raw: Record<string, unknown>): EntityAttributes {
  const out: EntityAttributes = {};
  for (const [key, value] of Object.entries(raw)) {
    const name = key.trim();
    if (name === '' || RESERVED.has(name))
      throw new DomainValidationError(`attributes: "${key}" is not an attribute name (blank or one of id, name, kind, attributes)`);
    if (value !== null && !['string', 'number', 'boolean'].includes(typeof value))
      throw new DomainValidationError(`attributes.${name} must be a string, number, boolean or null`);
    out[name] = value as EntityAttributes[string];
  }
  return out;
}

/**
 * @throws DomainValidationError for a blank name or an attribute that is not a plain value.
 */
export async function createEntity(ctx: CommandContext, input: CreateEntityInput): Promise<EntityRecord> {
  const name = requiredString(input.name, 'name', { isKey: true });
  const now = ctx.clock.now().toISOString();
  const record: EntityRecord = {
    id: newId('ent'),
    name,
    kind: input.kind?.trim() || null,
    attributes: checkedAttributes(input.attributes ?? {}),
    createdBy: ctx.actor.email ?? ctx.actor.userId,
    createdAt: now,
    updatedAt: now,
  };
  return ctx.repos.entities.insert(ctx.actor.org.orgId, record);
}
