import type { Actor } from '../../../kernel/actor.js';

/** `GET /v1/whoami`: the verified caller and the organization this request acted in. */
export function whoami(actor: Actor) {
  return {
    user: { email: actor.email, organizations: actor.memberships.map((m) => m.slug) },
    activeOrg: actor.org?.slug ?? null,
  };
}
