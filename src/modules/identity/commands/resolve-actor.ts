/**
 * Turns a verified token and the `X-Org-Slug` header into the request's Actor.
 *
 * Default organization when the header is absent: the membership marked default, else the
 * oldest membership. A slug that is not among the caller's organizations is 404
 * "organization not found" — never 403, so organizations cannot be enumerated.
 */
import { type Actor, ORG_NOT_FOUND_MESSAGE } from '../../../kernel/actor.js';
import { NotFoundError } from '../../../kernel/errors.js';
import type { IdentityRepository } from '../identity.repository.js';
import type { VerifiedToken } from '../token-verifier.js';


export interface ResolveActorOptions {
  /** OIDC: a claim listing organization slugs the caller is a member of. */
  orgClaim: string | undefined;
}

/**
 * @throws NotFoundError when `X-Org-Slug` names an organization the caller is not a member of.
 */
export async function resolveActor(
  identity: IdentityRepository,
  token: VerifiedToken,
  bearerToken: string,
  orgSlug: string | undefined,
  options: ResolveActorOptions,
): Promise<Actor> {
  const user = await identity.upsertUser(token.subject, token.email);
  if (options.orgClaim) await grantClaimedMemberships(identity, user.id, token.claims[options.orgClaim]);
  const memberships = await identity.listMemberships(user.id);
  let org = null;
  if (orgSlug !== undefined && orgSlug !== '') {
    org = memberships.find((m) => m.slug === orgSlug) ?? null;
    if (!org) throw new NotFoundError(ORG_NOT_FOUND_MESSAGE);
  } else {
    org = memberships.find((m) => m.isDefault) ?? memberships[0] ?? null;
  }
  return { userId: user.id, subject: user.subject, email: user.email, memberships, org, bearerToken };
}

/**
 * Memberships granted by the identity provider: each slug in the claim that names an existing
 * organization becomes a membership. Organizations are never created from a token.
 */
async function grantClaimedMemberships(identity: IdentityRepository, userId: string, claim: unknown): Promise<void> {
  const slugs = Array.isArray(claim) ? claim : typeof claim === 'string' ? claim.split(/[\s,]+/) : [];
  for (const slug of slugs) {
    if (typeof slug !== 'string' || slug === '') continue;
    const org = await identity.findOrganizationBySlug(slug);
    if (org) await identity.ensureMembership(userId, org.id, false);
  }
}
