/** `quire export <document> [--pdf] [-o file]`: saves the composed .docx, or with `--pdf` the PDF. */
import fs from 'node:fs/promises';
import path from 'node:path';
import { exportDocx } from '../../export-docx.js';
import { exportPdf } from '../../history.js';
import { type CommandContext, requireArg } from '../context.js';

export async function exportCommand(ctx: CommandContext): Promise<number> {
  const documentId = requireArg(ctx, 0, 'document');
  const exported = ctx.options.pdf ? await exportPdf(ctx.client(), documentId) : await exportDocx(ctx.client(), documentId);
  // The server's name is used only as a base name: it never picks a directory.
  const file = path.resolve(ctx.io.cwd, ctx.options.output ?? path.basename(exported.filename));
  await fs.writeFile(file, exported.bytes);
  ctx.result({ file, bytes: exported.bytes.length }, `Saved ${file} (${exported.bytes.length} bytes).`);
  return 0;
}
