import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SigningKeys, loadOrCreateSigningKeys } from './signing-keys.js';
import { TOKEN_CACHE_SECONDS, createTokenVerifier } from './token-verifier.js';

const OPTIONS = { mode: 'dev' as const, jwksUrl: undefined, issuer: 'quire-dev', audience: 'quire', algorithms: ['RS256'], clockToleranceSeconds: 0 };

describe('token verifier cache', () => {
  let keys: SigningKeys;
  beforeAll(async () => {
    keys = await loadOrCreateSigningKeys(fs.mkdtempSync(path.join(os.tmpdir(), 'quire-keys-')));
  });

  async function sign(subject: string, lifetimeSeconds: number): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ email: `${subject}@example.test` })
      .setProtectedHeader({ alg: 'RS256', kid: keys.kid })
      .setSubject(subject)
      .setIssuer(OPTIONS.issuer)
      .setAudience(OPTIONS.audience)
      .setIssuedAt(now)
      .setExpirationTime(now + lifetimeSeconds)
      .sign(keys.privateKey);
  }

  it(`reuses a verification for at most ${TOKEN_CACHE_SECONDS} s, then verifies again`, async () => {
    let clock = Date.now();
    const verify = createTokenVerifier(OPTIONS, keys, () => clock);
    const token = await sign('alice', 3600);
    const first = await verify(token);
    expect(first.subject).toBe('alice');
    expect(await verify(token)).toBe(first);
    expect(await verify(await sign('bob', 3600))).not.toBe(first);
    clock += TOKEN_CACHE_SECONDS * 1000 - 1;
    expect(await verify(token)).toBe(first);
    clock += 1;
    const again = await verify(token);
    expect(again).not.toBe(first);
    expect(again.subject).toBe('alice');
  });

  it("never reuses a verification past the token's own expiry", async () => {
    let clock = Date.now();
    const verify = createTokenVerifier(OPTIONS, keys, () => clock);
    const token = await sign('carol', 5);
    const first = await verify(token);
    expect(await verify(token)).toBe(first);
    clock = first.claims.exp ? first.claims.exp * 1000 : 0;
    expect(await verify(token)).not.toBe(first);
  });

  it('refuses a tampered token every time (failures are not remembered as anything)', async () => {
    const verify = createTokenVerifier(OPTIONS, keys);
    const token = await sign('dave', 3600);
    const tampered = `${token.slice(0, -4)}AAAA`;
    await expect(verify(tampered)).rejects.toThrow(/signature/);
    await expect(verify(tampered)).rejects.toThrow(/signature/);
    expect((await verify(token)).subject).toBe('dave');
  });
});
