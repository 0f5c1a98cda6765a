/**
 * The voice a document's `voice` config group names: by id, else by name (an id that no longer
 * resolves falls back to the name). Generation writes in it; the spec export lists it.
 */
import type { CommandContext } from '../../context.js';
import type { DocumentRecord } from '../../documents/document.repository.js';
import type { VoiceRecord } from './voice.repository.js';

/** The caller must have gated the document (requireDocument) first. Undefined when none is named or found. */
export async function voiceOfDocument(ctx: CommandContext, document: DocumentRecord): Promise<VoiceRecord | undefined> {
  const orgId = ctx.actor.org.orgId;
  const config = document.config.voice ?? {};
  const voices = ctx.repos.voices;
  if (typeof config.voiceId === 'string' && config.voiceId !== '') {
    const byId = await voices.findById(orgId, config.voiceId);
    if (byId) return byId;
  }
  if (typeof config.voiceName === 'string' && config.voiceName !== '') return voices.findByName(orgId, config.voiceName);
  return undefined;
}
