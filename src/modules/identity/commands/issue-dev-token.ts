/**
 * `POST /auth/dev-login`: a password-less RS256 token for the dev user. Only dev mode has it;
 * the route is not registered in OIDC mode.
 */
import { SignJWT } from 'jose';
import type { IdentityRepository } from '../identity.repository.js';
import type { SigningKeys } from '../signing-keys.js';
import { DEV_USER_EMAIL, DEV_USER_SUBJECT } from './seed-demo-identity.js';

export interface DevTokenOptions {
  issuer: string;
  audience: string;
  ttlSeconds: number;
}

/** Signs a token for the dev user (creating the user if the seed was removed). */
export async function issueDevToken(identity: IdentityRepository, keys: SigningKeys, options: DevTokenOptions): Promise<string> {
  const user = await identity.upsertUser(DEV_USER_SUBJECT, DEV_USER_EMAIL);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email: user.email ?? DEV_USER_EMAIL })
    .setProtectedHeader({ alg: 'RS256', kid: keys.kid, typ: 'JWT' })
    .setSubject(user.subject)
    .setIssuer(options.issuer)
    .setAudience(options.audience)
    .setIssuedAt(now)
    .setNotBefore(now)
    .setExpirationTime(now + options.ttlSeconds)
    .sign(keys.privateKey);
}
