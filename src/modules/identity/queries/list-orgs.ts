import type { Actor } from '../../../kernel/actor.js';

/** `GET /v1/orgs`: the caller's organizations, the active one marked. */
export function listOrgs(actor: Actor) {
  const activeSlug = actor.org?.slug ?? null;
  return {
    orgs: actor.memberships.map((m) => ({ slug: m.slug, displayName: m.displayName, active: m.slug === activeSlug, role: m.role })),
    activeSlug,
  };
}
