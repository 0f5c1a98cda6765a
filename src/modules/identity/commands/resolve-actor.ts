/**
 * Turns a verified token and the `X-Org-Slug` header into the request's Actor.
 *
 * Default organization when the header is absent: the membership marked default, else the
 * oldest membership. A slug that is not among the caller's organizations is 404
 * "organization not found" — never 403, so organizations cannot be enumerated.
 *
 * The caller's user row and memberships come from the membership cache when it has them (a
 * few seconds; see membership-cache.ts); the organization is still chosen on every request.
 */
import { type Actor, ORG_NOT_FOUND_MESSAGE } from '../../../kernel/actor.js';
import { NotFoundError } from '../../../kernel/errors.js';
import { type Role, isRole, roleAtLeast } from '../../../kernel/roles.js';
import type { IdentityRepository } from '../identity.repository.js';
import type { CallerIdentity, MembershipCache } from '../membership-cache.js';
import type { VerifiedToken } from '../token-verifier.js';

/** What resolving a caller reads and writes of identity: the callers (src/http's auth) name this, not the repository. */
export type CallerDirectory = Pick<IdentityRepository, 'upsertUser' | 'syncClaimMemberships' | 'listMemberships' | 'findOrganizationBySlug'>;

export interface ResolveActorOptions {
  /** OIDC: a claim listing organization slugs the caller is a member of. */
  orgClaim: string | undefined;
  /** The role of a claim entry that names none (`acme` rather than `acme:reviewer`). */
  orgClaimDefaultRole?: Role;
  /** Reuses recent lookups of the same caller; absent, every request reads the database. */
  cache?: MembershipCache;
}

/**
 * @throws NotFoundError when `X-Org-Slug` names an organization the caller is not a member of.
 */
export async function resolveActor(
  identity: CallerDirectory,
  token: VerifiedToken,
  bearerToken: string,
  orgSlug: string | undefined,
  options: ResolveActorOptions,
): Promise<Actor> {
  const { user, memberships } = await callerIdentity(identity, token, options);
  let org = null;
  if (orgSlug !== undefined && orgSlug !== '') {
    org = memberships.find((m) => m.slug === orgSlug) ?? null;
    if (!org) throw new NotFoundError(ORG_NOT_FOUND_MESSAGE);
  } else {
    org = memberships.find((m) => m.isDefault) ?? memberships[0] ?? null;
  }
  // The verifier requires `exp`, so a verified token always has one.
  const bearerTokenExpiresAt = typeof token.claims.exp === 'number' ? new Date(token.claims.exp * 1000).toISOString() : null;
  return { userId: user.id, subject: user.subject, email: user.email, memberships, org, bearerToken, bearerTokenExpiresAt };
}

/**
 * The caller's user row and memberships, from the cache or the database. The cache key holds
 * everything the lookup depends on: the subject, the e-mail (a new one is written to the user
 * row) and, with an organization claim, the claim (a changed claim is synced first).
 */
async function callerIdentity(identity: CallerDirectory, token: VerifiedToken, options: ResolveActorOptions): Promise<CallerIdentity> {
  const claim = options.orgClaim ? JSON.stringify(token.claims[options.orgClaim] ?? null) : '';
  const key = JSON.stringify([token.subject, token.email, claim]);
  const cache = options.cache;
  const cached = cache?.get(key);
  if (cached) return cached;
  const begunAt = cache?.begin() ?? 0;
  const user = await identity.upsertUser(token.subject, token.email);
  if (options.orgClaim) {
    const wanted = await claimedMemberships(identity, token.claims[options.orgClaim], options.orgClaimDefaultRole ?? 'editor');
    // Other entries of this user (older tokens with the old claim) must not outlive the change.
    if (await identity.syncClaimMemberships(user.id, wanted)) cache?.invalidateUser(user.id);
  }
  const found = { user, memberships: await identity.listMemberships(user.id) };
  cache?.set(key, found, begunAt);
  return found;
}

/**
 * What the identity provider says the caller's memberships are (organization id → role): each
 * entry of the claim (an array, or a space/comma separated string) is `slug` or `slug:role`;
 * only existing organizations count (they are never created from a token), an unknown role
 * grants `viewer` (least privilege, still visible to the caller), and a slug named twice keeps
 * its highest role. A token without the claim names no organization: the claim is the source of
 * truth for the memberships it granted, so they go (memberships added by an owner stay).
 */
async function claimedMemberships(identity: CallerDirectory, claim: unknown, defaultRole: Role): Promise<Map<string, Role>> {
  const entries = Array.isArray(claim) ? claim : typeof claim === 'string' ? claim.split(/[\s,]+/) : [];
  const wanted = new Map<string, Role>();
  for (const entry of entries) {
    if (typeof entry !== 'string' || entry === '') continue;
    const colon = entry.lastIndexOf(':');
    const slug = colon === -1 ? entry : entry.slice(0, colon);
    const named = colon === -1 ? defaultRole : entry.slice(colon + 1);
    const role: Role = isRole(named) ? named : 'viewer';
    const org = slug === '' ? undefined : await identity.findOrganizationBySlug(slug);
    if (!org) continue;
    const previous = wanted.get(org.id);
    if (!previous || roleAtLeast(role, previous)) wanted.set(org.id, role);
  }
  return wanted;
}
