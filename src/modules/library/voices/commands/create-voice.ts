/** `POST /v1/voices`: a writing style; `name` unique per organization. */
import { ConflictError } from '../../../../kernel/errors.js';
import { newId } from '../../../../kernel/ids.js';
import type { CommandContext } from '../../../context.js';
import { requiredString, uniqueOrConflict } from '../../library-rules.js';
import { type VoiceRecord } from '../voice.repository.js';

export interface CreateVoiceInput {
  name: string;
  description?: string | null;
  samples?: string[];
}

export const duplicateVoiceName = (name: string) => `a voice named "${name}" already exists in this organization`;

/**
 * @throws DomainValidationError for a blank name.
 * @throws ConflictError when the name is taken in the organization.
 */
export async function createVoice(ctx: CommandContext, input: CreateVoiceInput): Promise<VoiceRecord> {
  const name = requiredString(input.name, 'name', { isKey: true });
  const orgId = ctx.actor.org.orgId;
  const voices = ctx.repos.voices;
  if (await voices.findByName(orgId, name)) throw new ConflictError(duplicateVoiceName(name));
  const now = ctx.clock.now().toISOString();
  const record: VoiceRecord = {
    id: newId('voice'),
    name,
    description: input.description ?? null,
    samples: input.samples ?? [],
    createdAt: now,
    updatedAt: now,
  };
  return uniqueOrConflict(() => voices.insert(orgId, record), duplicateVoiceName(name));
}
