import { type PageRequest, mapPage } from '../../../../storage/keyset-page.js';
import type { ListView } from '../../../../storage/list-view.js';
import type { CommandContext } from '../../../context.js';
import { requireText } from '../require-text.js';
import { presentText } from '../text.presenter.js';

/** `GET /v1/texts`: the organization's texts, by key. */
export async function listTexts(ctx: CommandContext, page: PageRequest, view: ListView = {}) {
  return mapPage(ctx.repos.texts.listPage(ctx.actor.org.orgId, page, view), presentText);
}

/**
 * `GET /v1/texts/{id}`.
 *
 * @throws NotFoundError when absent or of another organization.
 */
export async function getText(ctx: CommandContext, textId: string) {
  return presentText(await requireText(ctx, textId));
}
