/**
 * Seals a secret for storage with AES-256-GCM under the service's secret key (QUIRE_SECRET_KEY):
 * a fresh 96-bit nonce per seal, the 128-bit tag checked on open, and a `context` (for example
 * the organization and run a credential belongs to) bound in as additional authenticated data,
 * so a sealed value copied to another row does not open. The sealed text names the key it was
 * sealed with (a short fingerprint, not the key), so "sealed under another key" is told apart
 * from "altered".
 *
 *   v1.<key fingerprint>.<nonce>.<ciphertext>.<tag>     (base64url parts)
 */
import { type KeyObject, createCipheriv, createDecipheriv, createHmac, createSecretKey, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const ALGORITHM = 'aes-256-gcm';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** AES-256: the key is exactly this many bytes. */
export const SECRET_KEY_BYTES = 32;

/** Why a sealed value did not open; the message never contains the key or the plaintext. */
export class SealedSecretError extends Error {
  constructor(
    readonly reason: 'other-key' | 'tampered' | 'malformed',
    message: string,
  ) {
    super(message);
    this.name = 'SealedSecretError';
  }
}

/**
 * The key object for 32 raw bytes. A KeyObject prints as `SecretKeyObject {}` and serializes as
 * `{}`, so a config object holding it can be logged without leaking the key.
 *
 * @throws Error when `raw` is not exactly 32 bytes.
 */
export function secretKeyFrom(raw: Buffer): KeyObject {
  if (raw.length !== SECRET_KEY_BYTES) throw new Error(`a secret key is ${SECRET_KEY_BYTES} bytes (got ${raw.length})`);
  return createSecretKey(raw);
}

/** A short, non-reversible name of the key (an HMAC of a fixed label), stored beside what it sealed. */
export function keyFingerprint(key: KeyObject): string {
  return createHmac('sha256', key).update('quire secret key fingerprint').digest('base64url').slice(0, 12);
}

/** Seals `plaintext`, bound to `context` (which must be given again to open it). */
export function sealSecret(key: KeyObject, plaintext: string, context: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, keyFingerprint(key), nonce.toString('base64url'), ciphertext.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
}

/**
 * Opens what `sealSecret` sealed under the same key and context.
 *
 * @throws SealedSecretError `other-key` when it was sealed under another key, `tampered` when
 *   the tag does not verify (altered text, or another context), `malformed` when it is not a
 *   sealed value at all.
 */
export function openSecret(key: KeyObject, sealed: string, context: string): string {
  const parts = sealed.split('.');
  if (parts.length !== 5 || parts[0] !== VERSION) throw new SealedSecretError('malformed', 'not a sealed value');
  const [, fingerprint, nonceText, ciphertextText, tagText] = parts;
  if (fingerprint !== keyFingerprint(key))
    throw new SealedSecretError('other-key', 'sealed under another secret key (QUIRE_SECRET_KEY differs from the one that sealed it)');
  const nonce = Buffer.from(nonceText, 'base64url');
  const tag = Buffer.from(tagText, 'base64url');
  if (nonce.length !== NONCE_BYTES || tag.length !== TAG_BYTES) throw new SealedSecretError('malformed', 'not a sealed value');
  const decipher = createDecipheriv(ALGORITHM, key, nonce, { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(Buffer.from(ciphertextText, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new SealedSecretError('tampered', 'the sealed value was altered or belongs elsewhere (authentication failed)');
  }
}
