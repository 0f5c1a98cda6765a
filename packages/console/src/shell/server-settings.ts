/**
 * What the server tells the page about itself, through <meta> tags it fills in when serving
 * index.html (the page's CSP allows no inline script, and this needs no request).
 */
export type AuthMode = 'dev' | 'oidc';

function meta(name: string): string | undefined {
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content || undefined;
}

export const serverSettings = {
  /** dev: the password-less dev login exists; oidc: tokens come from the identity provider. */
  authMode: (meta('quire-auth-mode') === 'oidc' ? 'oidc' : 'dev') as AuthMode,
  /** oidc mode with a console client: the identity provider's name ("Sign in with …"); else undefined. */
  oidcProvider: meta('quire-oidc-provider'),
  /** The API's origin: the console is served by the same server. */
  baseUrl: window.location.origin,
};
