/**
 * The dev-mode signing key pair. Generated on first start and kept under DATA_DIR so tokens
 * survive restarts; the private key file is readable by its owner only (0600).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { type JWK, calculateJwkThumbprint, exportJWK, exportPKCS8, generateKeyPair, importPKCS8 } from 'jose';
import { readOrCreateFile } from '../../storage/create-file-once.js';

export interface SigningKeys {
  privateKey: Awaited<ReturnType<typeof importPKCS8>>;
  /** Public JWK with `kid`, `alg` and `use`, as served at /auth/jwks. */
  publicJwk: JWK;
  kid: string;
}

const ALG = 'RS256';
const KEY_FILE = 'jwt-signing-key.pem';

/** Loads the key pair from `dir`, creating it when absent. */
export async function loadOrCreateSigningKeys(dir: string): Promise<SigningKeys> {
  // An RSA key takes 50–300 ms of CPU to generate, on libuv's thread pool: when there is none
  // yet, generation is handed to the pool before anything is awaited, so that it runs while the
  // caller goes on (start-up migrates and seeds meanwhile). Marked handled; used (and any error
  // thrown) below.
  const generating = existsSync(path.join(dir, KEY_FILE)) ? undefined : createKeyPem();
  generating?.catch(() => {});
  // Two processes starting together on one DATA_DIR: the first key written wins.
  const pem = await readOrCreateFile(dir, KEY_FILE, () => generating ?? createKeyPem());
  const privateKey = await importPKCS8(pem, ALG, { extractable: true });
  const fullJwk = await exportJWK(privateKey);
  // The public half of an RSA JWK is its modulus and exponent; never serve d/p/q/dp/dq/qi.
  const publicJwk: JWK = { kty: fullJwk.kty, n: fullJwk.n, e: fullJwk.e };
  const kid = await calculateJwkThumbprint(publicJwk);
  return { privateKey, publicJwk: { ...publicJwk, kid, alg: ALG, use: 'sig' }, kid };
}

async function createKeyPem(): Promise<string> {
  const { privateKey } = await generateKeyPair(ALG, { modulusLength: 2048, extractable: true });
  return exportPKCS8(privateKey);
}
