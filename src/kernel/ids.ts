/**
 * Opaque, time-sortable ids with a type prefix (`doc_01J…`), so logs and tests say what an id
 * names and rows created later sort later.
 */
import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'; // Crockford base32, lower case

function encodeTime(ms: number): string {
  let out = '';
  let value = ms;
  for (let i = 0; i < 10; i += 1) {
    out = ALPHABET[value % 32] + out;
    value = Math.floor(value / 32);
  }
  return out;
}

function encodeRandom(): string {
  const bytes = randomBytes(16);
  let out = '';
  for (let i = 0; i < 16; i += 1) out += ALPHABET[bytes[i] % 32];
  return out;
}

/** A new id such as `org_01jb2…`: 10 time characters then 16 random ones. */
export function newId(prefix: string): string {
  return `${prefix}_${encodeTime(Date.now())}${encodeRandom()}`;
}
