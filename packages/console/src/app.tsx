/** The shell: signed out → the sign-in page; signed in → the layout around the page the URL names. */
import { Suspense } from 'react';
import { SessionProvider, useSession } from './shell/session';
import { Layout } from './shell/layout';
import { useLocation } from './shell/router';
import { resolvePage } from './pages/registry';
import { SignInPage } from './pages/sign-in-page';
import { OidcCallbackPage } from './pages/oidc-callback-page';
import { CALLBACK_PATH } from './shell/oidc-sign-in';

export function App() {
  return (
    <SessionProvider>
      <Screen />
    </SessionProvider>
  );
}

function Screen() {
  const session = useSession();
  const location = useLocation();
  // The identity provider's answer is handled whatever the session (a new sign-in replaces it).
  if (location.pathname === CALLBACK_PATH) return <OidcCallbackPage />;
  if (session.status === 'loading')
    return (
      <p className="loading" role="status">
        Loading…
      </p>
    );
  if (session.status === 'signed-out') return <SignInPage reason={session.reason} failure={session.error} />;
  if (session.status === 'unreachable') return <Unreachable reason={session.reason} retry={session.retry} signOut={() => session.signOut()} />;
  const { page, params } = resolvePage(location.pathname);
  const Page = page.component;
  return (
    <Layout current={page}>
      {/* Keyed by organization and path: switching either starts the page afresh. */}
      {/* A page loaded on first use (pages/lazy-page.ts) says so while its code arrives. */}
      <Suspense
        fallback={
          <p className="loading" role="status">
            Loading the page…
          </p>
        }
      >
        <Page key={`${session.org ?? ''}:${location.pathname}`} params={params} />
      </Suspense>
    </Layout>
  );
}

/** The sign-in is kept while the server cannot be reached: say so, and offer to try again. */
function Unreachable({ reason, retry, signOut }: { reason: string; retry(): void; signOut(): void }) {
  return (
    <main className="sign-in" aria-labelledby="unreachable-title">
      <h1 id="unreachable-title">Quire</h1>
      <div className="notice notice-error" role="alert">
        {reason}
      </div>
      <p>
        <button type="button" onClick={retry}>
          Try again
        </button>{' '}
        <button type="button" className="button-quiet" onClick={signOut}>
          Sign out
        </button>
      </p>
    </main>
  );
}
