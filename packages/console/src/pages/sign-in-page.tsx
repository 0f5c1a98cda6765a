/**
 * Signing in: in dev mode the password-less dev login (one button); in oidc mode with a console
 * client, "Sign in with <provider>" (authorization code + PKCE, see shell/oidc-sign-in.ts); and
 * always a bearer token from the organization's identity provider, pasted into a field.
 */
import { devLogin } from '@quire/client';
import { type FormEvent, useState } from 'react';
import { ErrorNotice } from '../shell/api-errors';
import { usePageTitle } from '../shell/page-title';
import { startOidcSignIn } from '../shell/oidc-sign-in';
import { useLocation } from '../shell/router';
import { serverSettings } from '../shell/server-settings';
import { useSession } from '../shell/session';

export function SignInPage({ reason, failure }: { reason: string | undefined; failure?: unknown }) {
  usePageTitle('Sign in');
  const session = useSession();
  const location = useLocation();
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);
  // A failed OIDC callback arrives as `failure`; a failure on this page replaces it.
  const [error, setError] = useState<unknown>(failure);

  const attempt = async (getToken: () => Promise<string>) => {
    setBusy(true);
    setError(undefined);
    try {
      await session.signIn(await getToken());
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  };
  const onProviderSignIn = async () => {
    setBusy(true);
    setError(undefined);
    try {
      // Leaves the page on success; comes back to the page the user is on now.
      await startOidcSignIn(`${location.pathname}${location.search}${location.hash}`);
    } catch (failed) {
      setError(failed);
      setBusy(false);
    }
  };
  const onTokenSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (token.trim() === '') return setError(new Error('Paste a token first.'));
    void attempt(async () => token.trim());
  };

  return (
    <main id="main" className="sign-in">
      <h1>Sign in to Quire</h1>
      {reason ? (
        <p className="notice" role="status">
          {reason}
        </p>
      ) : null}
      <ErrorNotice error={error} title="Sign-in failed" />
      {serverSettings.authMode === 'dev' ? (
        <section aria-labelledby="dev-title" className="card">
          <h2 id="dev-title">Development mode</h2>
          <p>This server runs without an identity provider: sign in as its demo user.</p>
          <button type="button" className="button" disabled={busy} onClick={() => void attempt(() => devLogin(serverSettings.baseUrl))}>
            Sign in as the dev user
          </button>
        </section>
      ) : null}
      {serverSettings.authMode === 'oidc' && serverSettings.oidcProvider ? (
        <section aria-labelledby="provider-title" className="card">
          <h2 id="provider-title">Your organization's account</h2>
          <p>You will sign in at {serverSettings.oidcProvider} and come back here.</p>
          <button type="button" className="button" disabled={busy} onClick={() => void onProviderSignIn()}>
            Sign in with {serverSettings.oidcProvider}
          </button>
        </section>
      ) : null}
      <form className="card" onSubmit={onTokenSubmit} aria-labelledby="token-title">
        <h2 id="token-title">Sign in with a token</h2>
        <label htmlFor="token">Bearer token</label>
        <textarea id="token" value={token} onChange={(event) => setToken(event.target.value)} rows={3} autoComplete="off" spellCheck={false} />
        <p className="hint">
          A token from your organization's identity provider. It is kept in this browser for the token's life, for every Quire tab, until you sign out.
        </p>
        <button type="submit" className="button" disabled={busy}>
          Sign in
        </button>
      </form>
    </main>
  );
}
