import { describe, expect, it } from 'vitest';
import type { CallerIdentity } from './membership-cache.js';
import { MEMBERSHIP_CACHE_SECONDS, MembershipCache } from './membership-cache.js';

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
});
