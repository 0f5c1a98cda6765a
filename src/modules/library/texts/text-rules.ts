/** What a text must satisfy on every write (create, update, spec sync). */
import { DomainValidationError } from '../../../kernel/errors.js';
import { VALUE_TYPES, isValueType } from '../../documents/fields/field-values.js';
import { assertTemplateParses } from '../library-rules.js';

export const DEFAULT_TEXT_VALUE_TYPE = 'string';

/**
 * @throws DomainValidationError when the value type is unknown or a template does not parse.
 */
export async function assertTextContent(text: {
  valueType?: string;
  headingTemplate?: string | null;
  narrativeTemplate?: string | null;
  entityRolesUsed?: readonly string[];
}): Promise<void> {
  if (text.valueType !== undefined && !isValueType(text.valueType)) throw new DomainValidationError(`valueType must be one of ${VALUE_TYPES.join(', ')}`);
  await assertTemplateParses(text.headingTemplate, 'headingTemplate');
  await assertTemplateParses(text.narrativeTemplate, 'narrativeTemplate');
  for (const role of text.entityRolesUsed ?? []) {
    if (role.trim() === '') throw new DomainValidationError('entityRolesUsed must not hold a blank role');
  }
}
