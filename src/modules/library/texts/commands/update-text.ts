/**
 * `PATCH /v1/texts/{id}`: only the keys sent change. `null` clears a nullable key (name,
 * description, templates; bullets and entityRolesUsed become empty); `null` value is "",
 * `null` valueType is the default `string`; `null` key is refused (a text always has one).
 */
import { ConflictError } from '../../../../kernel/errors.js';
import type { CommandContext } from '../../../context.js';
import { assertNotEmptyUpdate, requiredString, uniqueOrConflict } from '../../library-rules.js';
import { requireText } from '../require-text.js';
import { DEFAULT_TEXT_VALUE_TYPE, assertTextContent } from '../text-rules.js';
import { type TextChanges, type TextRecord } from '../text.repository.js';
import { duplicateTextKey } from './create-text.js';

export interface UpdateTextInput {
  key?: string | null;
  value?: string | null;
  valueType?: string | null;
  name?: string | null;
  description?: string | null;
  headingTemplate?: string | null;
  narrativeTemplate?: string | null;
  bullets?: string[] | null;
  entityRolesUsed?: string[] | null;
}

const KEYS = ['key', 'value', 'valueType', 'name', 'description', 'headingTemplate', 'narrativeTemplate', 'bullets', 'entityRolesUsed'];

/** The changes an update body asks for (shared with spec sync). */
export async function textChangesOf(input: UpdateTextInput): Promise<TextChanges> {
  const changes: TextChanges = {};
  if (input.key !== undefined) changes.key = requiredString(input.key, 'key', { isKey: true });
  if (input.value !== undefined) changes.value = input.value ?? '';
  if (input.valueType !== undefined) changes.valueType = input.valueType ?? DEFAULT_TEXT_VALUE_TYPE;
  if (input.name !== undefined) changes.name = input.name;
  if (input.description !== undefined) changes.description = input.description;
  if (input.headingTemplate !== undefined) changes.headingTemplate = input.headingTemplate;
  if (input.narrativeTemplate !== undefined) changes.narrativeTemplate = input.narrativeTemplate;
  if (input.bullets !== undefined) changes.bullets = input.bullets ?? [];
  if (input.entityRolesUsed !== undefined) changes.entityRolesUsed = (input.entityRolesUsed ?? []).map((role) => role.trim());
  await assertTextContent(changes);
  return changes;
}

/**
 * @throws NotFoundError when the text is absent or of another organization.
 * @throws DomainValidationError for `{}`, a null/blank key, an unknown valueType or a template that does not parse.
 * @throws ConflictError when the new key is taken in the organization.
 */
export async function updateText(ctx: CommandContext, textId: string, input: UpdateTextInput): Promise<TextRecord> {
  assertNotEmptyUpdate(input, KEYS);
  const text = await requireText(ctx, textId);
  const changes = await textChangesOf(input);
  const orgId = ctx.actor.org.orgId;
  const texts = ctx.repos.texts;
  if (changes.key !== undefined && changes.key !== text.key && (await texts.findByKey(orgId, changes.key)))
    throw new ConflictError(duplicateTextKey(changes.key));
  const now = ctx.clock.now().toISOString();
  await uniqueOrConflict(() => texts.update(orgId, text.id, changes, now), duplicateTextKey(changes.key ?? text.key));
  return { ...text, ...changes, updatedAt: now };
}
