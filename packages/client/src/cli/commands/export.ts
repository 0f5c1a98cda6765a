/** `quire export <document> [-o file.docx]`: saves the composed .docx. */
import fs from 'node:fs/promises';
import path from 'node:path';
import { exportDocx } from '../../export-docx.js';
import { type CommandContext, requireArg } from '../context.js';

export async function exportCommand(ctx: CommandContext): Promise<number> {
  const exported = await exportDocx(ctx.client(), requireArg(ctx, 0, 'document'));
  // The server's name is used only as a base name: it never picks a directory.
  const file = path.resolve(ctx.io.cwd, ctx.options.output ?? path.basename(exported.filename));
  await fs.writeFile(file, exported.bytes);
  ctx.result({ file, bytes: exported.bytes.length }, `Saved ${file} (${exported.bytes.length} bytes).`);
  return 0;
}
