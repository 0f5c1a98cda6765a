/**
 * Creates a small private file exactly once, even when several processes start together on one
 * directory: each writes its own temporary file and hard-links it into place; `link` fails for
 * all but the first, and those read (and use) the winner's content.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';

/**
 * Writes `content` to `file` (mode 0600) unless another process created it first.
 *
 * @returns the file's content: ours, or the one that won.
 */
export async function createFileOnce(file: string, content: string): Promise<string> {
  // Unique per call, not only per process: two calls in one process must not share (and, once
  // it is linked, rewrite) one temporary file.
  const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  await fs.writeFile(tmp, content, { mode: 0o600 });
  try {
    await fs.link(tmp, file);
    return content;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return fs.readFile(file, 'utf8');
  } finally {
    await fs.rm(tmp, { force: true });
  }
}
