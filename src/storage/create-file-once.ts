/**
 * Small private files created exactly once (keys under DATA_DIR/keys), even when several
 * processes start together on one directory: each writes its own temporary file and hard-links
 * it into place; `link` fails for all but the first, and those read (and use) the winner's content.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The content of `dir/name`; when the file is absent, `make()`'s content written there first
 * (directory 0700, file 0600) — unless another process got there first, whose content wins.
 */
export async function readOrCreateFile(dir: string, name: string, make: () => Promise<string>): Promise<string> {
  const file = path.join(dir, name);
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  try {
    return await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  // Unique per call, not only per process: two calls in one process must not share (and, once
  // it is linked, rewrite) one temporary file.
  const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const content = await make();
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
