/**
 * /app/callback: where the identity provider sends the user back. Completes the sign-in and goes
 * to the page the user wanted; a refused or failed sign-in goes to the sign-in page, which shows why.
 */
import { useEffect } from 'react';
import { finishOidcSignIn } from '../shell/oidc-sign-in';
import { usePageTitle } from '../shell/page-title';
import { navigate, useLocation } from '../shell/router';
import { useSession } from '../shell/session';

export function OidcCallbackPage() {
  usePageTitle('Signing in');
  const { search } = useLocation();
  const { signIn, failSignIn } = useSession();

  useEffect(() => {
    let live = true;
    void finishOidcSignIn(search).then(async (outcome) => {
      if (!live) return;
      if (!outcome.ok) {
        failSignIn(outcome.error);
        // The code and state leave the address bar (and the history) either way.
        return navigate(outcome.returnTo, { replace: true });
      }
      try {
        await signIn(outcome.token, outcome.refreshToken);
      } catch (error) {
        failSignIn(error);
      }
      navigate(outcome.returnTo, { replace: true });
    });
    return () => {
      live = false;
    };
  }, [search, signIn, failSignIn]);

  return (
    <main id="main" className="sign-in">
      <p className="loading" role="status">
        Signing you in…
      </p>
    </main>
  );
}
