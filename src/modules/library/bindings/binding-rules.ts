/** What a binding's inputs must satisfy. */
import { DomainValidationError } from '../../../kernel/errors.js';

/**
 * Role names and entity ids must not be blank: a blank role could never be matched by a text's
 * `entityRolesUsed`, and a blank entity id leaves the role as unset as no entry at all.
 *
 * @throws DomainValidationError naming the blank role.
 */
export function normalizeEntityBindings(bindings: Record<string, string> | null | undefined): Record<string, string> {
  const normalized: Record<string, string> = {};
  for (const [role, entityId] of Object.entries(bindings ?? {})) {
    if (role.trim() === '') throw new DomainValidationError('entityBindings must not have a blank role');
    if (entityId.trim() === '') throw new DomainValidationError(`entityBindings.${role} must not be blank (leave the role out to unset it)`);
    normalized[role.trim()] = entityId.trim();
  }
  return normalized;
}

/**
 * @throws DomainValidationError for a negative ordinal.
 */
export function assertOrdinal(ordinal: number): number {
  if (ordinal < 0) throw new DomainValidationError('ordinal must be 0 or more');
  return ordinal;
}
