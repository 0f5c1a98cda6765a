/** `POST /v1/texts`: a new phrase atom; `key` unique per organization. */
import { ConflictError } from '../../../../kernel/errors.js';
import { newId } from '../../../../kernel/ids.js';
import type { CommandContext } from '../../../context.js';
import { requiredString, uniqueOrConflict } from '../../library-rules.js';
import { DEFAULT_TEXT_VALUE_TYPE, assertTextContent } from '../text-rules.js';
import { type TextRecord } from '../text.repository.js';

export interface CreateTextInput {
  key: string;
  value: string;
  valueType?: string;
  name?: string | null;
  description?: string | null;
  headingTemplate?: string | null;
  narrativeTemplate?: string | null;
  bullets?: string[];
  entityRolesUsed?: string[];
}

export const duplicateTextKey = (key: string) => `a text with key "${key}" already exists in this organization`;

/**
 * @throws DomainValidationError for a blank key, an unknown valueType or a template that does not parse.
 * @throws ConflictError when the key is taken in the organization.
 */
export async function createText(ctx: CommandContext, input: CreateTextInput): Promise<TextRecord> {
  const key = requiredString(input.key, 'key', { isKey: true });
  const valueType = input.valueType ?? DEFAULT_TEXT_VALUE_TYPE;
  const entityRolesUsed = (input.entityRolesUsed ?? []).map((role) => role.trim());
  await assertTextContent({ valueType, headingTemplate: input.headingTemplate, narrativeTemplate: input.narrativeTemplate, entityRolesUsed });
  const orgId = ctx.actor.org.orgId;
  const texts = ctx.repos.texts;
  if (await texts.findByKey(orgId, key)) throw new ConflictError(duplicateTextKey(key));
  const now = ctx.clock.now().toISOString();
  const record: TextRecord = {
    id: newId('txt'),
    key,
    value: input.value,
    valueType,
    name: input.name ?? null,
    description: input.description ?? null,
    headingTemplate: input.headingTemplate ?? null,
    narrativeTemplate: input.narrativeTemplate ?? null,
    bullets: input.bullets ?? [],
    entityRolesUsed,
    createdAt: now,
    updatedAt: now,
  };
  return uniqueOrConflict(() => texts.insert(orgId, record), duplicateTextKey(key));
}
