/** The wire shape of an organization entity. */
import type { EntityRecord } from './entity.repository.js';

/** An entity as the client reads it. Never throws. */
export function presentEntity(entity: EntityRecord) {
  return {
    id: entity.id,
    name: entity.name,
    kind: entity.kind,
    attributes: entity.attributes,
    createdBy: entity.createdBy,
    createdAt: entity.createdAt,
    updatedAt: entity.updatedAt,
  };
}
