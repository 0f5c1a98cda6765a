import type { CommandContext } from '../../../context.js';
import { requireText } from '../require-text.js';
import { presentText } from '../text.presenter.js';

/** `GET /v1/texts`: the organization's texts, by key. */
export async function listTexts(ctx: CommandContext) {
  return (await ctx.repos.texts.list(ctx.actor.org.orgId)).map(presentText);
}

/**
 * `GET /v1/texts/{id}`.
 *
 * @throws NotFoundError when absent or of another organization.
 */
export async function getText(ctx: CommandContext, textId: string) {
  return presentText(await requireText(ctx, textId));
}
