/** `quire readiness <document>`: the verdict and the gaps to fill; exit 2 when it is not ready. */
import { getReadiness } from '../../documents.js';
import { type CommandContext, requireArg } from '../context.js';
import { EXIT } from '../exit-codes.js';

export async function readiness(ctx: CommandContext): Promise<number> {
  const verdict = await getReadiness(ctx.client(), requireArg(ctx, 0, 'document'));
  const head = verdict.generation_should_proceed ? `Ready to generate (${verdict.ui_state}).` : `Not ready (${verdict.ui_state}):`;
  ctx.result(verdict, [head, ...verdict.gaps.map((gap) => `  ${gap.blocking ? '✗' : '!'} ${gap.message}${gap.key ? ` [${gap.key}]` : ''}`)].join('\n'));
  // A script can gate on it: `quire readiness $DOC && quire generate $DOC --follow`.
  return verdict.generation_should_proceed ? EXIT.ok : EXIT.notReady;
}
