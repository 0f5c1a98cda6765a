/**
 * The console's OIDC sign-in (authorization code + PKCE). Start: ask Quire where the identity
 * provider is, keep a fresh verifier, state and nonce in sessionStorage (this tab only), and
 * leave for the authorization endpoint. Finish (at /app/callback): check the state, and have
 * Quire exchange the code with the verifier — the browser never calls the provider's token
 * endpoint itself (the console's CSP allows no other host; see docs/adr/0111-console-oidc-sign-in.md).
 */
import { exchangeOidcCode, getOidcSignIn } from '@quire/client';
import { href } from './router';
import { authorizationUrl, randomUrlSafe, s256Challenge } from './pkce';
import { serverSettings } from './server-settings';

const PENDING_KEY = 'quire.console.oidc-pending';
export const CALLBACK_PATH = '/callback';

interface Pending {
  state: string;
  verifier: string;
  nonce: string;
  redirectUri: string;
  /** The console path the user wanted ("/documents/abc?x=1"). */
  returnTo: string;
}

export async function startOidcSignIn(returnTo: string): Promise<void> {
  const settings = await getOidcSignIn(serverSettings.baseUrl);
  const pending: Pending = {
    state: randomUrlSafe(),
    verifier: randomUrlSafe(),
    nonce: randomUrlSafe(),
    redirectUri: `${serverSettings.baseUrl}${href(CALLBACK_PATH)}`,
    // Never come back to the callback itself.
    returnTo: returnTo.startsWith(CALLBACK_PATH) ? '/' : returnTo,
  };
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  window.location.assign(
    authorizationUrl({
      authorizationEndpoint: settings.authorizationEndpoint,
      clientId: settings.clientId,
      redirectUri: pending.redirectUri,
      scope: settings.scope,
      state: pending.state,
      codeChallenge: await s256Challenge(pending.verifier),
      nonce: pending.nonce,
    }),
  );
}

function takePending(): Pending | undefined {
  const raw = sessionStorage.getItem(PENDING_KEY);
  // One answer per sign-in: a reload of the callback, or a second answer, finds nothing.
  sessionStorage.removeItem(PENDING_KEY);
  if (!raw) return undefined;
  try {
    const parsed = JSON.parse(raw) as Partial<Pending>;
    const fields = [parsed.state, parsed.verifier, parsed.nonce, parsed.redirectUri, parsed.returnTo];
    return fields.every((field) => typeof field === 'string') ? (parsed as Pending) : undefined;
  } catch {
    return undefined;
  }
}

/** The callback's outcome: signed in, or why not (an Error, or the server's QuireApiError). */
export type SignInOutcome = { ok: true; token: string; refreshToken: string | null; returnTo: string } | { ok: false; error: unknown; returnTo: string };

async function finish(search: string): Promise<SignInOutcome> {
  const params = new URLSearchParams(search);
  const pending = takePending();
  if (!pending)
    return {
      ok: false,
      error: new Error('This sign-in answer was not expected in this tab (it was used already, or the sign-in started elsewhere): start again.'),
      returnTo: '/',
    };
  const refused = (message: string): SignInOutcome => ({ ok: false, error: new Error(message), returnTo: pending.returnTo });
  // The state is checked first: an answer to another sign-in is refused, whatever it says.
  if (params.get('state') !== pending.state)
    return refused('The answer from the identity provider does not belong to the sign-in this tab started (state mismatch), so it was refused: start again.');
  const error = params.get('error');
  const description = params.get('error_description');
  if (error === 'access_denied') return refused(`The identity provider did not sign you in: ${description ?? 'access denied'}.`);
  if (error) return refused(`The identity provider refused the sign-in (${error}${description ? `: ${description}` : ''}).`);
  const code = params.get('code');
  if (!code) return refused('The identity provider answered without a code: start again.');
  try {
    const answer = await exchangeOidcCode(serverSettings.baseUrl, {
      code,
      codeVerifier: pending.verifier,
      redirectUri: pending.redirectUri,
      nonce: pending.nonce,
    });
    return { ok: true, token: answer.token, refreshToken: answer.refreshToken, returnTo: pending.returnTo };
  } catch (failure) {
    return { ok: false, error: failure, returnTo: pending.returnTo };
  }
}

let finishing: { search: string; outcome: Promise<SignInOutcome> } | undefined;

/**
 * Completes the sign-in the callback URL answers. The same answer is completed once however often
 * it is asked (a development build runs effects twice), since the pending sign-in is used up.
 */
export function finishOidcSignIn(search: string): Promise<SignInOutcome> {
  if (finishing?.search !== search) finishing = { search, outcome: finish(search) };
  return finishing.outcome;
}
