/** ADR 0641: every process on one database signs with the key stored there, whatever its DATA_DIR holds. */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../../test/support/dialects.js';
import { openTestDatabase } from '../../../test/support/db-harness.js';
import { secretKeyFrom } from '../../kernel/secret-box.js';
import { loadDeploymentSigningKeys, loadOrCreateSigningKeys } from './signing-keys.js';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'quire-keys-'));

describeEachDialect('deployment signing keys', (dialect) => {
  let opened: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    opened = await openTestDatabase(dialect);
  });
  afterAll(async () => opened?.close());

  it('gives a second DATA_DIR the first one’s key, and mirrors it into that DATA_DIR', async () => {
    const secret = secretKeyFrom(randomBytes(32));
    const [dirA, dirB] = [tempDir(), tempDir()];
    const first = await loadDeploymentSigningKeys(opened.db, secret, dirA);
    // dirB had a key of its own before it met the database.
    const ownB = await loadOrCreateSigningKeys(dirB);
    expect(ownB.kid).not.toBe(first.keys.kid);
    const second = await loadDeploymentSigningKeys(opened.db, secret, dirB);
    expect(second.keys.kid).toBe(first.keys.kid);
    expect(second.notShared).toBeUndefined();
    expect((await loadOrCreateSigningKeys(dirB)).kid).toBe(first.keys.kid);
  });

  it('starts with its own key, and says why, when the stored key was sealed with another secret', async () => {
    await opened.db.deleteFrom('deployment_keys').execute();
    const stored = await loadDeploymentSigningKeys(opened.db, secretKeyFrom(randomBytes(32)), tempDir());
    const dir = tempDir();
    const other = await loadDeploymentSigningKeys(opened.db, secretKeyFrom(randomBytes(32)), dir);
    expect(other.keys.kid).not.toBe(stored.keys.kid);
    expect(other.keys.kid).toBe((await loadOrCreateSigningKeys(dir)).kid);
    expect(other.notShared).toContain('QUIRE_SECRET_KEY');
  });
});
