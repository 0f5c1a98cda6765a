import { NotFoundError, UnauthorizedError } from './errors.js';
import type { Role } from './roles.js';

/**
 * The verified caller of one request, resolved once by the auth plugin. Commands receive it in
 * their context; nothing reads an ambient "current user" or "current organization".
 */
export interface Membership {
  orgId: string;
  slug: string;
  displayName: string;
  isDefault: boolean;
  /** The caller's role in this organization (kernel/roles.ts). */
  role: Role;
}

export interface Actor {
  userId: string;
  subject: string;
  email: string | null;
  memberships: Membership[];
  /** The organization the request acts in; null only when the caller has no membership. */
  org: Membership | null;
  /**
   * The caller's bearer token, kept in memory for the request so per-user tool servers can be
   * called on the caller's behalf. Never logged, never stored in clear: a generation run carries
   * it sealed (modules/generation/run-caller.ts).
   */
  bearerToken: string;
  /**
   * When the bearer token expires (its `exp`, ISO-8601); null without a token. A run that carries
   * the token to per-user tools stops using it at this moment.
   */
  bearerTokenExpiresAt: string | null;
}

/** An actor whose organization is known: what every org-scoped command requires. */
export interface OrgActor extends Actor {
  org: Membership;
}

export const ORG_NOT_FOUND_MESSAGE = 'organization not found';

/**
 * The tenancy gate every org-scoped use case starts from: the caller with its active
 * organization. A caller with no organization gets the same 404 as an unknown `X-Org-Slug`.
 *
 * @throws NotFoundError when the request has no active organization.
 */
export function requireOrg(actor: Actor | undefined): OrgActor {
  if (!actor || actor.org === null) throw new NotFoundError(ORG_NOT_FOUND_MESSAGE);
  return actor as OrgActor;
}

/**
 * The verified caller of a protected route.
 *
 * @throws UnauthorizedError when called on a request the auth plugin did not authenticate.
 */
export function requireActor(actor: Actor | undefined): Actor {
  if (!actor) throw new UnauthorizedError('not authenticated');
  return actor;
}

/** The user id background work acts under (never a real user's id). */
export const SYSTEM_USER_ID = 'system';

/**
 * The actor of background work (jobs, start-up seeding): "system", in exactly one
 * organization, with no token. Jobs carry the organization id in their payload; this is the
 * one place an actor is built without a request. `slug` and `displayName` default to what the
 * caller knows (the id when nothing better), `isDefault` to true; the role is owner (background
 * work carries out what a member with the right role already asked for).
 */
export function systemActor(org: Pick<Membership, 'orgId'> & Partial<Membership>): OrgActor {
  const slug = org.slug ?? org.orgId;
  const membership: Membership = { orgId: org.orgId, slug, displayName: org.displayName ?? slug, isDefault: org.isDefault ?? true, role: 'owner' };
  return {
    userId: SYSTEM_USER_ID,
    subject: SYSTEM_USER_ID,
    email: null,
    memberships: [membership],
    org: membership,
    bearerToken: '',
    bearerTokenExpiresAt: null,
  };
}
