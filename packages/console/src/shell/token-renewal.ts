/**
 * When and how the console renews an OIDC sign-in that came with a refresh token
 * (docs/adr/0671-console-oidc-refresh.md). Pure pieces, tested alone; session.tsx runs them.
 */
import { QuireApiError, detailMessage } from '@quire/client';

/** A renewal starts at most this long before the token expires… */
const MAX_LEAD_MS = 60_000;
/** …and at most a third of the token's life before, so a short-lived token is not renewed at once. */
const LEAD_SHARE = 1 / 3;
/** After a failure the provider may recover from (unreachable, 5xx), the next try waits this long. */
export const RETRY_AFTER_MS = 5_000;

/**
 * When to renew (on this device's clock): ahead of the expiry by a third of the token's life, at
 * most a minute, so every open call still goes out with a live token. `lifetimeMs` undefined
 * (the token names no issue time): a minute ahead.
 */
export function renewalTime(expiresAt: number, lifetimeMs: number | undefined): number {
  const lead = lifetimeMs === undefined || !(lifetimeMs > 0) ? MAX_LEAD_MS : Math.min(MAX_LEAD_MS, lifetimeMs * LEAD_SHARE);
  return expiresAt - lead;
}

/**
 * What a failed renewal means: the provider refused the refresh token (revoked, expired, already
 * spent — Quire's 422) ends the sign-in with the provider's words; anything else (the provider or
 * Quire unreachable) is tried again until the token expires.
 */
export function renewalOutcome(error: unknown): { end: true; reason: string } | { end: false } {
  if (error instanceof QuireApiError && error.status === 422) {
    // Quire's words end with "; sign in again", which the reason says itself.
    const why = detailMessage(error.detail).replace(/;\s*sign in again\.?$/, '');
    return { end: true, reason: `Your sign-in could not be renewed: ${why}. Sign in again.` };
  }
  if (error instanceof QuireApiError && error.status === 404) {
    return { end: true, reason: 'Your sign-in could not be renewed: this server no longer offers the OIDC sign-in. Sign in again.' };
  }
  return { end: false };
}

/**
 * Runs `renew` in one tab at a time: a rotating provider spends the refresh token at its first
 * use, so two tabs renewing at once would leave one with a refused token. The Web Locks API holds
 * the lock across this origin's tabs; the tab that waited then finds the token already renewed.
 */
export async function oneTabAtATime<T>(renew: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  // Every browser the console supports has Web Locks; without them, each tab renews alone.
  if (!locks) return renew();
  return locks.request('quire.console.renewal', { mode: 'exclusive' }, renew);
}
