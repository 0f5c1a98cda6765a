/**
 * The dev-mode signing key pair, shared by every process of a deployment (ADR 0641).
 *
 * The database holds the deployment's key, sealed with QUIRE_SECRET_KEY: the first process to
 * start writes it, every other one reads it, so a token issued by one API process is accepted by
 * all of them. Each process also keeps the key it signs with in DATA_DIR/keys (owner-only, 0600):
 * a DATA_DIR that already had a key offers it when the database has none yet, so the tokens it
 * issued before keep working.
 */
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import { randomBytes, type KeyObject } from 'node:crypto';
import path from 'node:path';
import { type JWK, calculateJwkThumbprint, exportJWK, exportPKCS8, generateKeyPair, importPKCS8 } from 'jose';
import type { Kysely } from 'kysely';
import { SealedSecretError, openSecret, sealSecret } from '../../kernel/secret-box.js';
import { readOrCreateFile } from '../../storage/create-file-once.js';
import type { Database } from '../../storage/schema.js';

export interface SigningKeys {
  privateKey: Awaited<ReturnType<typeof importPKCS8>>;
  /** Public JWK with `kid`, `alg` and `use`, as served at /auth/jwks. */
  publicJwk: JWK;
  kid: string;
}

const ALG = 'RS256';
const KEY_FILE = 'jwt-signing-key.pem';
/** The row's name, also bound into the seal so another row's value does not open as this key. */
const KEY_NAME = 'dev-jwt-signing-key';

/** Loads this DATA_DIR's key pair from `dir`, creating it when absent. */
export async function loadOrCreateSigningKeys(dir: string): Promise<SigningKeys> {
  return signingKeysFromPem(await localKeyPem(dir));
}

/** The keys a process signs with; `notShared` says why they are this DATA_DIR's own. */
export interface DeploymentSigningKeys {
  keys: SigningKeys;
  notShared?: string;
}

/**
 * The deployment's key pair: the one in the database, or (none there yet) this DATA_DIR's,
 * written there first. Call after the migrations ran. A stored key sealed with another
 * QUIRE_SECRET_KEY does not stop the start: the process signs with its own key, as before
 * ADR 0641, and says why (its tokens are then accepted by itself only).
 */
export async function loadDeploymentSigningKeys(
  db: Kysely<Database>,
  secretKey: KeyObject,
  dir: string,
  localPem?: Promise<string>,
): Promise<DeploymentSigningKeys> {
  const candidate = await (localPem ?? localKeyPem(dir));
  // Two processes starting together: the first row written wins, the other reads it.
  await db
    .insertInto('deployment_keys')
    .values({ name: KEY_NAME, sealed: sealSecret(secretKey, candidate, KEY_NAME), created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('deployment_keys').select('sealed').where('name', '=', KEY_NAME).executeTakeFirstOrThrow();
  let pem: string;
  try {
    pem = openSecret(secretKey, row.sealed, KEY_NAME);
  } catch (error) {
    if (!(error instanceof SealedSecretError)) throw error;
    return {
      keys: await signingKeysFromPem(candidate),
      notShared:
        `the dev signing key in the database does not open with this process's secret key (${error.message}): this process signs with ` +
        `its own key, so its tokens are refused by the others. Give every process the same QUIRE_SECRET_KEY, or delete the row ` +
        `"${KEY_NAME}" from deployment_keys to let the next start write a new shared key.`,
    };
  }
  // The file keeps the key this process signs with (tools and tests that sign as the server read it).
  if (pem !== candidate) await replaceFile(path.join(dir, KEY_FILE), pem);
  return { keys: await signingKeysFromPem(pem) };
}

/**
 * This DATA_DIR's key as PEM, created when absent. An RSA key takes 50–300 ms of CPU to
 * generate, on libuv's thread pool: generation is handed to the pool before anything is
 * awaited, so the caller can start this early and go on (start-up migrates meanwhile).
 */
export function localKeyPem(dir: string): Promise<string> {
  const generating = existsSync(path.join(dir, KEY_FILE)) ? undefined : createKeyPem();
  generating?.catch(() => {});
  // Two processes starting together on one DATA_DIR: the first key written wins.
  return readOrCreateFile(dir, KEY_FILE, () => generating ?? createKeyPem());
}

async function signingKeysFromPem(pem: string): Promise<SigningKeys> {
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

/** Writes `file` whole or not at all (a reader never sees half a key). */
async function replaceFile(file: string, content: string): Promise<void> {
  const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  await fs.writeFile(tmp, content, { mode: 0o600 });
  await fs.rename(tmp, file);
}
