import { type PageRequest, mapPage } from '../../../../storage/keyset-page.js';
import type { ListView } from '../../../../storage/list-view.js';
import type { CommandContext } from '../../../context.js';
import { presentToolRegistration } from '../tool-registration.presenter.js';

/** `GET /v1/tool-registrations`: the organization's registrations, oldest first. */
export async function listToolRegistrations(ctx: CommandContext, page: PageRequest, view: ListView = {}) {
  return mapPage(ctx.repos.toolRegistrations.listPage(ctx.actor.org.orgId, page, view), presentToolRegistration);
}
