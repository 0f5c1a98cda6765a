/** The pure pieces of the console's OIDC refresh: when to renew, what a failed renewal means, and a token's lifetime. */
import { QuireApiError } from '@quire/client';
import { describe, expect, it } from 'vitest';
import { tokenLifetime } from '../src/shell/token-expiry';
import { oneTabAtATime, renewalOutcome, renewalTime } from '../src/shell/token-renewal';

const jwt = (claims: Record<string, unknown>) => `e30.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.sig`;

describe('renewal time', () => {
  it('renews a third of a short token’s life before it expires', () => {
    expect(renewalTime(90_000, 9_000)).toBe(87_000);
  });

  it('renews at most a minute ahead of a long-lived token, and a minute ahead when the life is unknown', () => {
    expect(renewalTime(3_600_000, 3_600_000)).toBe(3_540_000);
    expect(renewalTime(3_600_000, undefined)).toBe(3_540_000);
    expect(renewalTime(3_600_000, 0)).toBe(3_540_000);
  });
});

describe('token lifetime', () => {
  it('is exp − iat in ms, and unknown without either', () => {
    expect(tokenLifetime(jwt({ iat: 1_000, exp: 1_300 }))).toBe(300_000);
    expect(tokenLifetime(jwt({ exp: 1_300 }))).toBeUndefined();
    expect(tokenLifetime('not-a-jwt')).toBeUndefined();
  });
});

describe('a failed renewal', () => {
  it('ends the sign-in with the provider’s words when it refused the refresh token', () => {
    const refused = new QuireApiError(422, 'the identity provider refused to renew the sign-in (invalid_grant: grant request is invalid); sign in again');
    expect(renewalOutcome(refused)).toEqual({
      end: true,
      reason: 'Your sign-in could not be renewed: the identity provider refused to renew the sign-in (invalid_grant: grant request is invalid). Sign in again.',
    });
  });

  it('is tried again when the provider or Quire could not be reached', () => {
    expect(renewalOutcome(new QuireApiError(502, 'the identity provider could not be reached'))).toEqual({ end: false });
    expect(renewalOutcome(new TypeError('Failed to fetch'))).toEqual({ end: false });
  });
});

describe('one tab at a time', () => {
  it('runs the renewal and answers its result (without Web Locks, alone)', async () => {
    expect(await oneTabAtATime(async () => 'renewed')).toBe('renewed');
  });
});
