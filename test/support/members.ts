/**
 * Users of other roles on a dev-mode test server: a token signed with the server's own dev key
 * (it lives under DATA_DIR) for any subject, and a member of an organization with a given role,
 * added by an owner through `/v1/members` — the same way an operator would.
 */
import path from 'node:path';
import { SignJWT } from 'jose';
import type { Role } from '../../src/kernel/roles.js';
import { loadOrCreateSigningKeys } from '../../src/modules/identity/signing-keys.js';
import type { TestServer } from './test-server.js';

/** A dev-mode token for `subject` (the server's default issuer and audience). */
export async function signDevToken(server: Pick<TestServer, 'dataDir'>, subject: string, email: string | null = null): Promise<string> {
  const keys = await loadOrCreateSigningKeys(path.join(server.dataDir, 'keys'));
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(email ? { email } : {})
    .setProtectedHeader({ alg: 'RS256', kid: keys.kid, typ: 'JWT' })
    .setSubject(subject)
    .setIssuer('quire-dev')
    .setAudience('quire')
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(keys.privateKey);
}

export interface TestMember {
  userId: string;
  subject: string;
  token: string;
}

/**
 * Adds `subject` to `org` with `role` (as the owner behind `ownerToken`) and signs its token.
 *
 * @throws Error when the owner's add is not answered 201.
 */
export async function addTestMember(server: TestServer, ownerToken: string, org: string, role: Role, subject: string): Promise<TestMember> {
  const response = await server.call('POST', '/v1/members', { token: ownerToken, org, body: { subject, role } });
  if (response.status !== 201) throw new Error(`adding ${subject} as ${role} answered ${response.status}: ${await response.text()}`);
  const member = (await response.json()) as { userId: string };
  return { userId: member.userId, subject, token: await signDevToken(server, subject, `${subject}@example.test`) };
}
