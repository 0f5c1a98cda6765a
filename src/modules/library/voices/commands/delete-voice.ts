/**
 * `DELETE /v1/voices/{id}`. Documents that name the voice in their config keep the name; the
 * render stage finds no such voice and writes without one, as for any unknown voice.
 */
import type { CommandContext } from '../../../context.js';
import { requireVoice } from '../require-voice.js';

/**
 * @throws NotFoundError when the voice is absent or of another organization.
 */
export async function deleteVoice(ctx: CommandContext, voiceId: string): Promise<void> {
  const voice = await requireVoice(ctx, voiceId);
  await ctx.repos.voices.delete(ctx.actor.org.orgId, voice.id);
}
