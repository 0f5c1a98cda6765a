import type { Actor } from '../../../kernel/actor.js';

/** `GET /v1/whoami`: the verified caller, its role in each organization, and the active one. */
export function whoami(actor: Actor) {
  return {
    user: {
      email: actor.email,
      organizations: actor.memberships.map((m) => m.slug),
      memberships: actor.memberships.map((m) => ({ slug: m.slug, role: m.role })),
    },
    activeOrg: actor.org?.slug ?? null,
    activeRole: actor.org?.role ?? null,
  };
}
