import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SealedSecretError, keyFingerprint, openSecret, sealSecret, secretKeyFrom } from './secret-box.js';

const key = secretKeyFrom(randomBytes(32));
const TOKEN = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhZGEifQ.c2lnbmF0dXJl';
const CONTEXT = 'run-credential:org_1:run_1';

function reasonOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof SealedSecretError) return error.reason;
    throw error;
  }
  return 'opened';
}

/** Flips one bit of the base64url part at `index` of a sealed value. */
function flipBit(sealed: string, index: number): string {
  const parts = sealed.split('.');
  const bytes = Buffer.from(parts[index], 'base64url');
  bytes[0] ^= 1;
  parts[index] = bytes.toString('base64url');
  return parts.join('.');
}

describe('secret box (AES-256-GCM)', () => {
  it('opens what it sealed, and never shows the plaintext in the sealed text', () => {
    const sealed = sealSecret(key, TOKEN, CONTEXT);
    expect(openSecret(key, sealed, CONTEXT)).toBe(TOKEN);
    for (const part of TOKEN.split('.')) expect(sealed).not.toContain(part);
    // A fresh nonce each time: the same token never seals to the same text.
    expect(sealSecret(key, TOKEN, CONTEXT)).not.toBe(sealed);
  });

  it('refuses an altered ciphertext, nonce or tag', () => {
    const sealed = sealSecret(key, TOKEN, CONTEXT);
    expect(reasonOf(() => openSecret(key, flipBit(sealed, 2), CONTEXT))).toBe('tampered');
    expect(reasonOf(() => openSecret(key, flipBit(sealed, 3), CONTEXT))).toBe('tampered');
    expect(reasonOf(() => openSecret(key, flipBit(sealed, 4), CONTEXT))).toBe('tampered');
  });

  it('refuses a sealed value moved to another context (another run or organization)', () => {
    const sealed = sealSecret(key, TOKEN, CONTEXT);
    expect(reasonOf(() => openSecret(key, sealed, 'run-credential:org_2:run_1'))).toBe('tampered');
  });

  it('refuses a value sealed under another key, saying so', () => {
    const other = secretKeyFrom(randomBytes(32));
    const sealed = sealSecret(other, TOKEN, CONTEXT);
    expect(reasonOf(() => openSecret(key, sealed, CONTEXT))).toBe('other-key');
    // Even with the fingerprint forged to match, the tag does not verify.
    const forged = sealed.split('.');
    forged[1] = keyFingerprint(key);
    expect(reasonOf(() => openSecret(key, forged.join('.'), CONTEXT))).toBe('tampered');
  });

  it('refuses what is not a sealed value', () => {
    for (const text of ['', TOKEN, 'v2.a.b.c.d', `v1.${keyFingerprint(key)}.AA.AA.AA`])
      expect(
        reasonOf(() => openSecret(key, text, CONTEXT)),
        text,
      ).toBe('malformed');
  });

  it('takes only 32-byte keys, and the key object prints and serializes without its bytes', () => {
    expect(() => secretKeyFrom(randomBytes(16))).toThrow(/32 bytes \(got 16\)/);
    const raw = randomBytes(32);
    const printed = `${JSON.stringify({ key: secretKeyFrom(raw) })} ${String(secretKeyFrom(raw))}`;
    expect(printed).not.toContain(raw.toString('base64'));
    expect(printed).not.toContain(raw.toString('hex'));
  });
});
