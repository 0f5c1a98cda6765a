import { type PageRequest, mapPage } from '../../../../storage/keyset-page.js';
import type { ListView } from '../../../../storage/list-view.js';
import type { CommandContext } from '../../../context.js';
import { requireVoice } from '../require-voice.js';
import { presentVoice } from '../voice.presenter.js';

/** `GET /v1/voices`: the organization's voices by name. */
export async function listVoices(ctx: CommandContext, page: PageRequest, view: ListView = {}) {
  return mapPage(ctx.repos.voices.listPage(ctx.actor.org.orgId, page, view), presentVoice);
}

/**
 * `GET /v1/voices/{id}`.
 *
 * @throws NotFoundError when absent or of another organization.
 */
export async function getVoice(ctx: CommandContext, voiceId: string) {
  return presentVoice(await requireVoice(ctx, voiceId));
}
