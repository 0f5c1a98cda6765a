import { describe, expect, it } from 'vitest';
import type { Actor } from '../../kernel/actor.js';
import type { CallerIdentity } from './membership-cache.js';
import { MEMBERSHIP_CACHE_ENTRIES, MEMBERSHIP_CACHE_SECONDS, MembershipCache } from './membership-cache.js';

function caller(userId: string, role: 'viewer' | 'owner'): CallerIdentity {
  return {
    user: { id: userId, subject: `sub|${userId}`, email: null, created_at: '2026-01-01T00:00:00.000Z' },
    memberships: [{ orgId: 'org_a', slug: 'acme', displayName: 'Acme', isDefault: true, role }],
  };
}

describe('MembershipCache', () => {
  it(`keeps a caller's memberships for ${MEMBERSHIP_CACHE_SECONDS} s`, () => {
    let clock = 1_000_000;
    const cache = new MembershipCache(undefined, () => clock);
    cache.set('alice', caller('usr_a', 'owner'), cache.begin());
    clock += MEMBERSHIP_CACHE_SECONDS * 1000 - 1;
    expect(cache.get('alice')?.memberships[0].role).toBe('owner');
    clock += 1;
    expect(cache.get('alice')).toBeUndefined();
  });

  it(`remembers at most ${MEMBERSHIP_CACHE_ENTRIES} callers and as many actors, however many tokens call`, () => {
    const cache = new MembershipCache();
    const extra = 50;
    for (let i = 0; i < MEMBERSHIP_CACHE_ENTRIES + extra; i += 1) {
      cache.set(`token-${i}`, caller(`usr_${i}`, 'viewer'), cache.begin());
      cache.rememberActor(`token-${i} acme`, { userId: `usr_${i}`, memberships: [], org: null } as unknown as Actor, cache.begin(), Date.now() + 60_000);
    }
    expect(cache.size).toEqual({ callers: MEMBERSHIP_CACHE_ENTRIES, actors: MEMBERSHIP_CACHE_ENTRIES });
    expect(cache.get('token-0')).toBeUndefined();
    expect(cache.get(`token-${MEMBERSHIP_CACHE_ENTRIES + extra - 1}`)?.user.id).toBe(`usr_${MEMBERSHIP_CACHE_ENTRIES + extra - 1}`);
  });

  it('drops every entry of a changed user, and only theirs', () => {
    const cache = new MembershipCache();
    cache.set('alice-token-1', caller('usr_a', 'owner'), cache.begin());
    cache.set('alice-token-2', caller('usr_a', 'owner'), cache.begin());
    cache.set('bob', caller('usr_b', 'viewer'), cache.begin());
    cache.invalidateUser('usr_a');
    expect(cache.get('alice-token-1')).toBeUndefined();
    expect(cache.get('alice-token-2')).toBeUndefined();
    expect(cache.get('bob')?.user.id).toBe('usr_b');
  });

  it('does not store a lookup that began before an invalidation (it may have read the old role)', () => {
    const cache = new MembershipCache();
    const begunAt = cache.begin();
    cache.invalidateUser('usr_a');
    cache.set('alice', caller('usr_a', 'owner'), begunAt);
    expect(cache.get('alice')).toBeUndefined();
    cache.set('alice', caller('usr_a', 'viewer'), cache.begin());
    expect(cache.get('alice')?.memberships[0].role).toBe('viewer');
  });

  it('stores nothing when its lifetime is zero (caching off)', () => {
    const cache = new MembershipCache(0);
    cache.set('alice', caller('usr_a', 'owner'), cache.begin());
    expect(cache.get('alice')).toBeUndefined();
  });

  describe('resolved actors', () => {
    function actorOf(userId: string, role: 'viewer' | 'owner'): Actor {
      const { memberships } = caller(userId, role);
      return { userId, subject: `sub|${userId}`, email: null, memberships, org: memberships[0] ?? null, bearerToken: 'token', bearerTokenExpiresAt: null };
    }

    it("answers a remembered actor until the membership TTL or the token's expiry, whichever is first", () => {
      let clock = 1_000_000;
      const cache = new MembershipCache(undefined, () => clock);
      cache.rememberActor('token-1 acme', actorOf('usr_a', 'owner'), cache.begin(), clock + 60_000);
      cache.rememberActor('token-2 acme', actorOf('usr_a', 'owner'), cache.begin(), clock + 2_000);
      clock += 2_000;
      expect(cache.actorFor('token-1 acme')?.org?.role).toBe('owner');
      expect(cache.actorFor('token-2 acme')).toBeUndefined();
      clock += MEMBERSHIP_CACHE_SECONDS * 1000;
      expect(cache.actorFor('token-1 acme')).toBeUndefined();
    });

    it('forgets every actor when a membership changes, and keeps none resolved before the change', () => {
      const cache = new MembershipCache();
      cache.rememberActor('token-a acme', actorOf('usr_a', 'owner'), cache.begin(), Date.now() + 60_000);
      const begunAt = cache.begin();
      cache.invalidateUser('usr_a');
      expect(cache.actorFor('token-a acme')).toBeUndefined();
      cache.rememberActor('token-a acme', actorOf('usr_a', 'owner'), begunAt, Date.now() + 60_000);
      expect(cache.actorFor('token-a acme')).toBeUndefined();
    });

    it('shares a frozen actor: a request cannot change what the next one is given', () => {
      const cache = new MembershipCache();
      cache.rememberActor('token-a acme', actorOf('usr_a', 'viewer'), cache.begin(), Date.now() + 60_000);
      const org = cache.actorFor('token-a acme')?.org;
      expect(org?.role).toBe('viewer');
      expect(() => {
        (org as { role: string }).role = 'owner';
      }).toThrow(TypeError);
      expect(cache.actorFor('token-a acme')?.org?.role).toBe('viewer');
    });

    it('keeps none with a TTL of 0 (AUTH_MEMBERSHIP_CACHE_SECONDS=0)', () => {
      const cache = new MembershipCache(0);
      cache.rememberActor('token-a acme', actorOf('usr_a', 'owner'), cache.begin(), Date.now() + 60_000);
      expect(cache.actorFor('token-a acme')).toBeUndefined();
    });
  });
});
