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

/**
 * Random bytes drawn from the CSPRNG 4 KiB at a time: one `randomBytes` call per id was most of
 * the cost of naming the 3,400 items of a 170-page PDF (a native call each). Every byte is
 * used once.
 */
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let poolOffset = 0;

function encodeRandom(): string {
  if (poolOffset + 16 > pool.length) {
    pool = randomBytes(POOL_BYTES);
    poolOffset = 0;
  }
  let out = '';
  for (let i = 0; i < 16; i += 1) out += ALPHABET[pool[poolOffset + i] % 32];
  poolOffset += 16;
  return out;
}

/** A new id such as `org_01jb2…`: 10 time characters then 16 random ones. */
export function newId(prefix: string): string {
  return `${prefix}_${encodeTime(Date.now())}${encodeRandom()}`;
}
