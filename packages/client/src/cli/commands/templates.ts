/** `quire templates`: the templates the caller can instantiate. */
import { listTemplates } from '../../templates.js';
import type { CommandContext } from '../context.js';
import { table } from '../table.js';

export async function templates(ctx: CommandContext): Promise<number> {
  const found = await listTemplates(ctx.client());
  ctx.result(
    found,
    found.length === 0
      ? 'No templates.'
      : table(
          ['SLUG', 'TITLE', 'ID'],
          found.map((t) => [t.slug ?? '', t.title, t.id]),
        ),
  );
  return 0;
}
