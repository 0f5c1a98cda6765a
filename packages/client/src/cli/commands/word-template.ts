/**
 * `quire word-template <template> <file.docx>`: stores the template's Word template (documents
 * made from it then export through it). Refused with the inspection's problems (exit 1) when the
 * file has errors; warnings are shown.
 */
import { putTemplateWordTemplate } from '../../merge-runs.js';
import { type CommandContext, requireArg } from '../context.js';
import { readUploadFile } from '../upload-file.js';

export async function wordTemplate(ctx: CommandContext): Promise<number> {
  const slug = requireArg(ctx, 0, 'template');
  const file = await readUploadFile(ctx, requireArg(ctx, 1, 'file.docx'));
  const stored = await putTemplateWordTemplate(ctx.client(), slug, file);
  ctx.result(
    stored,
    [
      `Stored ${stored.fileName} (${stored.sizeBytes} bytes) as the Word template of ${slug}.`,
      ...stored.report.problems.map((p) => `  ${p.severity === 'error' ? '✗' : '!'} ${p.message}`),
    ].join('\n'),
  );
  return 0;
}
