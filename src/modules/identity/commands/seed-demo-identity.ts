/**
 * First-start demo data: organizations `acme` (the dev user's default) and `globex`, and the
 * dev user `dev@localhost` a member of both, so tenancy can be tried locally. Idempotent.
 */
import type { IdentityRepository } from '../identity.repository.js';

export const DEV_USER_SUBJECT = 'dev@localhost';
export const DEV_USER_EMAIL = 'dev@localhost';

export const DEMO_ORGANIZATIONS = [
  { slug: 'acme', displayName: 'Acme Corporation', isDefault: true },
  { slug: 'globex', displayName: 'Globex Inc.', isDefault: false },
] as const;

/** Creates what is missing of the demo organizations and the dev user; returns their ids. */
export async function seedDemoIdentity(identity: IdentityRepository): Promise<{ orgIds: Record<string, string>; devUserId: string }> {
  const devUser = await identity.upsertUser(DEV_USER_SUBJECT, DEV_USER_EMAIL);
  const orgIds: Record<string, string> = {};
  for (const org of DEMO_ORGANIZATIONS) {
    const orgId = await identity.ensureOrganization(org.slug, org.displayName);
    orgIds[org.slug] = orgId;
    await identity.ensureMembership(devUser.id, orgId, org.isDefault);
  }
  return { orgIds, devUserId: devUser.id };
}
