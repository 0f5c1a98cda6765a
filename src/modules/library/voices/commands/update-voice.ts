/**
 * `PATCH /v1/voices/{id}`: only the keys sent change; `null` clears the description, `null`
 * samples become none; a voice always keeps a name (null or blank → 422).
 */
import { ConflictError } from '../../../../kernel/errors.js';
import type { CommandContext } from '../../../context.js';
import { assertNotEmptyUpdate, requiredString, uniqueOrConflict } from '../../library-rules.js';
import { requireVoice } from '../require-voice.js';
import { type VoiceChanges, type VoiceRecord } from '../voice.repository.js';
import { duplicateVoiceName } from './create-voice.js';

export interface UpdateVoiceInput {
  name?: string | null;
  description?: string | null;
  samples?: string[] | null;
}

/** The changes an update body asks for (shared with spec sync). */
export function voiceChangesOf(input: UpdateVoiceInput): VoiceChanges {
  const changes: VoiceChanges = {};
  if (input.name !== undefined) changes.name = requiredString(input.name, 'name', { isKey: true });
  if (input.description !== undefined) changes.description = input.description;
  if (input.samples !== undefined) changes.samples = input.samples ?? [];
  return changes;
}

/**
 * @throws NotFoundError when the voice is absent or of another organization.
 * @throws DomainValidationError for `{}` or a null/blank name.
 * @throws ConflictError when the new name is taken in the organization.
 */
export async function updateVoice(ctx: CommandContext, voiceId: string, input: UpdateVoiceInput): Promise<VoiceRecord> {
  assertNotEmptyUpdate(input, ['name', 'description', 'samples']);
  const voice = await requireVoice(ctx, voiceId);
  const changes = voiceChangesOf(input);
  const orgId = ctx.actor.org.orgId;
  const voices = ctx.repos.voices;
  if (changes.name !== undefined && changes.name !== voice.name && (await voices.findByName(orgId, changes.name)))
    throw new ConflictError(duplicateVoiceName(changes.name));
  const now = ctx.clock.now().toISOString();
  await uniqueOrConflict(() => voices.update(orgId, voice.id, changes, now), duplicateVoiceName(changes.name ?? voice.name));
  return { ...voice, ...changes, updatedAt: now };
}
