/** A file named on the command line, read for upload with its media type (by extension). */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { UploadFile } from '../assessments.js';
import type { CommandContext } from './context.js';
import { UsageError } from './usage-error.js';

const MEDIA_TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.csv': 'text/csv',
  '.txt': 'text/plain',
  '.md': 'text/markdown',
  '.json': 'application/json',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
};

export async function readUploadFile(ctx: CommandContext, arg: string): Promise<UploadFile> {
  const file = path.resolve(ctx.io.cwd, arg);
  const bytes = await fs.readFile(file).catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`cannot read ${arg}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`);
  });
  return { filename: path.basename(file), bytes: new Uint8Array(bytes), type: MEDIA_TYPES[path.extname(file).toLowerCase()] };
}
