/**
 * The secret key of a single-process deployment (`ROLE=all` without QUIRE_SECRET_KEY): 32 random
 * bytes generated on first start and kept in DATA_DIR/keys/secret.key (base64, owner-only 0600),
 * beside the dev signing key, so sealed values survive restarts. Processes on other hosts do not
 * see this file: a deployment of several processes sets QUIRE_SECRET_KEY on all of them instead.
 */
import { type KeyObject, randomBytes } from 'node:crypto';
import path from 'node:path';
import { SECRET_KEY_BYTES, secretKeyFrom } from '../kernel/secret-box.js';
import { readOrCreateFile } from './create-file-once.js';

const FILE = 'secret.key';

/**
 * Loads the key from `dir`, creating it when absent (two processes starting together on one
 * DATA_DIR end up with the same key: the first file written wins).
 *
 * @throws Error when the file exists but does not hold 32 bytes of base64.
 */
export async function loadOrCreateSecretKey(dir: string): Promise<KeyObject> {
  const text = await readOrCreateFile(dir, FILE, async () => `${randomBytes(SECRET_KEY_BYTES).toString('base64')}\n`);
  const bytes = Buffer.from(text.trim(), 'base64');
  if (bytes.length !== SECRET_KEY_BYTES)
    throw new Error(`${path.join(dir, FILE)} does not hold ${SECRET_KEY_BYTES} bytes of base64; remove it to generate a new key, or set QUIRE_SECRET_KEY`);
  return secretKeyFrom(bytes);
}
