/**
 * Who a verified caller is and which organizations they belong to, remembered for a few seconds
 * per process so that a client's burst of requests does not read (and upsert) the same rows
 * each time. Membership changes made through this process (the member API, an OIDC claim sync)
 * drop the changed user's entries at once; changes made by another process are seen within
 * `MEMBERSHIP_CACHE_SECONDS` (docs/adr/0115-caller-caches.md).
 */
import type { Actor, Membership } from '../../kernel/actor.js';
import { TtlCache } from '../../kernel/ttl-cache.js';
import type { UserRow } from './identity.repository.js';

/** How long a caller's user row and memberships are reused by default (AUTH_MEMBERSHIP_CACHE_SECONDS). */
export const MEMBERSHIP_CACHE_SECONDS = 5;
/** Callers (and, apart, resolved actors) one process remembers; the oldest goes first beyond it. */
export const MEMBERSHIP_CACHE_ENTRIES = 10_000;

export interface CallerIdentity {
  user: UserRow;
  memberships: Membership[];
}

/** What a command that changes memberships needs: to say whose changed. */
export interface MembershipInvalidator {
  /** Forgets everything remembered about `userId`'s memberships in this process. */
  invalidateUser(userId: string): void;
}

export class MembershipCache implements MembershipInvalidator {
  private readonly entries: TtlCache<string, CallerIdentity>;
  /** Resolved actors by (token, organization asked for): see `actorFor`. */
  private readonly actors: TtlCache<string, { actor: Actor; epoch: number }>;
  // Bumped by every invalidation: a lookup that began before one must not store what it read,
  // which may predate the change.
  private epoch = 0;

  constructor(
    private readonly ttlMs = MEMBERSHIP_CACHE_SECONDS * 1000,
    private readonly now: () => number = Date.now,
  ) {
    this.entries = new TtlCache(MEMBERSHIP_CACHE_ENTRIES, now);
    this.actors = new TtlCache(MEMBERSHIP_CACHE_ENTRIES, now);
  }

  /** Marks the start of a lookup; pass the result to `set`. */
  begin(): number {
    return this.epoch;
  }

  get(key: string): CallerIdentity | undefined {
    return this.entries.get(key);
  }

  /** Remembers a lookup unless memberships were invalidated since it began. */
  set(key: string, value: CallerIdentity, begunAt: number): void {
    if (begunAt !== this.epoch || this.ttlMs <= 0) return;
    this.entries.set(key, value, this.now() + this.ttlMs);
  }

  /**
   * The actor resolved for `key` (the caller's token and the organization it asked for) by an
   * earlier request, while no membership changed since and within the TTL and the token's
   * life: a repeated request skips the token's digest check, the membership lookup and the
   * choice of organization (~13 µs of a cached GET's ~140). Shared between requests, so frozen.
   */
  actorFor(key: string): Actor | undefined {
    const entry = this.actors.get(key);
    return entry !== undefined && entry.epoch === this.epoch ? entry.actor : undefined;
  }

  /** Remembers an actor resolved by a lookup that began at `begunAt`, until `expiresAtMs` at the latest (the token's expiry). */
  rememberActor(key: string, actor: Actor, begunAt: number, expiresAtMs: number): void {
    if (begunAt !== this.epoch || this.ttlMs <= 0) return;
    this.actors.set(key, { actor: frozenActor(actor), epoch: begunAt }, Math.min(expiresAtMs, this.now() + this.ttlMs));
  }

  /** How many callers and resolved actors are remembered (tests, the cache inventory). */
  get size(): { callers: number; actors: number } {
    return { callers: this.entries.size, actors: this.actors.size };
  }

  invalidateUser(userId: string): void {
    this.epoch += 1;
    this.entries.deleteWhere((value) => value.user.id === userId);
  }
}

function frozenActor(actor: Actor): Actor {
  for (const membership of actor.memberships) Object.freeze(membership);
  Object.freeze(actor.memberships);
  if (actor.org) Object.freeze(actor.org);
  return Object.freeze(actor);
}
