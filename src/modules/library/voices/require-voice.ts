/**
 * ⚠ TENANCY GATE for voices ⚠ A voice of another organization is "not found", exactly like a
 * missing one (404, never 403).
 */
import { NotFoundError } from '../../../kernel/errors.js';
import type { CommandContext } from '../../context.js';
import { type VoiceRecord } from './voice.repository.js';

/**
 * @throws NotFoundError when the voice is absent or belongs to another organization.
 */
export async function requireVoice(ctx: CommandContext, voiceId: string): Promise<VoiceRecord> {
  const voice = await ctx.repos.voices.findById(ctx.actor.org.orgId, voiceId);
  if (!voice) throw new NotFoundError(`voice ${voiceId} not found`);
  return voice;
}
