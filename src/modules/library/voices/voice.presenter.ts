/** The wire shape of a voice: `description` is the rubric, `samples` the example passages. */
import type { VoiceRecord } from './voice.repository.js';

/** A voice as the client reads it. Never throws. */
export function presentVoice(voice: VoiceRecord) {
  return { id: voice.id, name: voice.name, description: voice.description, samples: voice.samples, createdAt: voice.createdAt, updatedAt: voice.updatedAt };
}
