/** The wire shape of a text: the body's keys under the same names, plus id and timestamps. */
import type { TextRecord } from './text.repository.js';

/** A text as the client reads it (bullets and roles always arrays). Never throws. */
export function presentText(text: TextRecord) {
  return {
    id: text.id,
    key: text.key,
    value: text.value,
    valueType: text.valueType,
    name: text.name,
    description: text.description,
    headingTemplate: text.headingTemplate,
    narrativeTemplate: text.narrativeTemplate,
    bullets: text.bullets,
    entityRolesUsed: text.entityRolesUsed,
    createdAt: text.createdAt,
    updatedAt: text.updatedAt,
  };
}
