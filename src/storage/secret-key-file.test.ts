import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from '../kernel/secret-box.js';
import { loadOrCreateSecretKey } from './secret-key-file.js';

describe('the secret key kept under DATA_DIR/keys (ROLE=all without QUIRE_SECRET_KEY)', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'quire-keys-'));
  });
  afterEach(async () => fs.rm(dir, { recursive: true, force: true }));

  it('is generated once, readable by its owner only, and the same key after a restart', async () => {
    const first = await loadOrCreateSecretKey(dir);
    const stat = await fs.stat(path.join(dir, 'secret.key'));
    expect(stat.mode & 0o777).toBe(0o600);
    const sealed = sealSecret(first, 'a token', 'ctx');
    expect(openSecret(await loadOrCreateSecretKey(dir), sealed, 'ctx')).toBe('a token');
  });

  it('gives processes starting together on one DATA_DIR the same key', async () => {
    const keys = await Promise.all(Array.from({ length: 5 }, () => loadOrCreateSecretKey(dir)));
    const sealed = sealSecret(keys[0], 'a token', 'ctx');
    for (const key of keys) expect(openSecret(key, sealed, 'ctx')).toBe('a token');
  });

  it('refuses a file that does not hold 32 bytes, naming the file and the way out', async () => {
    await fs.writeFile(path.join(dir, 'secret.key'), 'c2hvcnQ=\n');
    await expect(loadOrCreateSecretKey(dir)).rejects.toThrow(
      /secret\.key does not hold 32 bytes of base64; remove it to generate a new key, or set QUIRE_SECRET_KEY/,
    );
  });
});
