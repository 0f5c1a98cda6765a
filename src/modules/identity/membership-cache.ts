/**
 * Who a verified caller is and which organizations they belong to, remembered for a few seconds
 * per process so that a client's burst of requests does not read (and upsert) the same rows
 * each time. Membership changes made through this process (the member API, an OIDC claim sync)
 * drop the changed user's entries at once; changes made by another process are seen within
 * `MEMBERSHIP_CACHE_SECONDS` (docs/decisions.md, "Requests: auth caching").
 */
import type { Membership } from '../../kernel/actor.js';
import { TtlCache } from '../../kernel/ttl-cache.js';
import type { UserRow } from './identity.repository.js';

/** How long a caller's user row and memberships are reused by default (AUTH_MEMBERSHIP_CACHE_SECONDS). */
export const MEMBERSHIP_CACHE_SECONDS = 5;
const MEMBERSHIP_CACHE_ENTRIES = 10_000;

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
  // Bumped by every invalidation: a lookup that began before one must not store what it read,
  // which may predate the change.
  private epoch = 0;

  constructor(
    private readonly ttlMs = MEMBERSHIP_CACHE_SECONDS * 1000,
    private readonly now: () => number = Date.now,
  ) {
    this.entries = new TtlCache(MEMBERSHIP_CACHE_ENTRIES, now);
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

  invalidateUser(userId: string): void {
    this.epoch += 1;
    this.entries.deleteWhere((value) => value.user.id === userId);
  }
}
