/**
 * The console's OIDC refresh (issue 33 item 2) in chromium, against the built server in
 * AUTH_MODE=oidc and a real OpenID Provider (`oidc-provider`) whose access tokens live a few
 * seconds and whose refresh tokens rotate: the console keeps working past the first token's
 * expiry without a new sign-in, a second tab uses the renewed token (and the two tabs never both
 * spend one refresh token: the provider would revoke the grant), a revoked refresh token ends the
 * session with its reason on the sign-in page, and sign-out revokes the refresh token at the provider.
 * Nothing here waits on the clock: each step waits for what the user or the provider would see.
 */
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/console-axe.js';
import { type ConsolePage, ensureConsoleBuilt, hasChromium, launchConsoleBrowser, openConsole, screenshot } from '../support/console-browser.js';
import { type RealOidcProvider, startRealOidcProvider } from '../support/real-oidc-provider.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

const CLIENT_ID = 'quire-console';
const AUDIENCE = 'https://api.quire.test';
/** Short enough that every test outlives the first token, long enough for a renewal on a busy machine. */
const TTL_SECONDS = 9;

interface Stored {
  token: string;
  refreshToken?: string;
}
const storedSession = async (page: Page) => JSON.parse((await page.evaluate(() => localStorage.getItem('quire.console.session'))) ?? 'null') as Stored | null;
const bearerOf = (request: Request) => request.headers().authorization?.replace(/^Bearer /, '');
const signInHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Sign in to Quire' });

describe.skipIf(!hasChromium)('console OIDC refresh in chromium, against a real OpenID Provider', () => {
  let idp: RealOidcProvider;
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    await ensureConsoleBuilt();
    idp = await startRealOidcProvider({ clientId: CLIENT_ID, audience: AUDIENCE, accessTokenTtlSeconds: TTL_SECONDS });
    idp.user = { sub: 'idp|erin', email: 'erin@acme.test', claims: { orgs: ['acme:editor'] } };
    [server, browser] = await Promise.all([
      startTestServer({
        dialect: 'sqlite',
        env: {
          AUTH_MODE: 'oidc',
          AUTH_JWKS_URL: idp.jwksUrl,
          AUTH_ISSUER: idp.issuer,
          AUTH_AUDIENCE: AUDIENCE,
          AUTH_ORG_CLAIM: 'orgs',
          // An expired token is refused at its exp, so "after expiry" is the provider's TTL itself.
          AUTH_CLOCK_TOLERANCE_SECONDS: '0',
          CONSOLE_OIDC_CLIENT_ID: CLIENT_ID,
          CONSOLE_OIDC_PROVIDER_NAME: 'Acme SSO',
        },
      }),
      launchConsoleBrowser(),
    ]);
    await idp.register(`${server.url}/app/callback`);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await idp?.close();
  });

  /** Every token the pages sent, and the refresh answers they got. */
  const watch = (...pages: Page[]) => {
    const seen = { bearers: [] as string[], refreshes: [] as number[], urls: [] as string[], refused: [] as string[] };
    for (const page of pages) {
      page.on('request', (request) => {
        seen.urls.push(request.url());
        const bearer = bearerOf(request);
        if (bearer) seen.bearers.push(bearer);
      });
      page.on('response', (response) => {
        if (response.url().endsWith('/auth/oidc/refresh')) seen.refreshes.push(response.status());
        if (response.status() === 401) seen.refused.push(response.url());
      });
    }
    return seen;
  };
  const signIn = async (opened: ConsolePage, heading: string) => {
    await opened.page.getByRole('button', { name: 'Sign in with Acme SSO' }).click();
    await opened.page.getByRole('heading', { level: 1, name: heading }).waitFor();
    const stored = await storedSession(opened.page);
    expect(stored?.refreshToken).toEqual(expect.any(String));
    return stored as Required<Stored>;
  };
  /** Waits until the server refuses `token`: its exp has passed on the server's clock. */
  const untilRefused = (token: string) =>
    expect.poll(async () => (await server.call('GET', '/v1/whoami', { token, org: 'acme' })).status, { timeout: 60_000, interval: 500 }).toBe(401);
  /** Neither token ever travelled in a URL, and the page fetched nothing from the provider (only the user's trips went there). */
  const expectNoTokenInUrls = (urls: string[], ...tokens: string[]) => {
    for (const token of tokens) expect(urls.filter((url) => url.includes(token))).toEqual([]);
  };

  it('asks the provider for a refresh token and keeps working past the first token’s expiry without signing in again', async () => {
    const config = (await (await server.call('GET', '/auth/oidc/config')).json()) as { scope: string };
    expect(config.scope.split(' ')).toContain('offline_access');

    const opened = await openConsole(browser, server.url, { path: '/templates' });
    const { page } = opened;
    const seen = watch(page);
    try {
      const first = await signIn(opened, 'Templates');
      // The renewal, then the first token's end at the server.
      await page.waitForResponse((response) => response.url().endsWith('/auth/oidc/refresh') && response.status() === 200, { timeout: 60_000 });
      await untilRefused(first.token);

      const after = page.waitForResponse((response) => response.url().includes('/v1/documents'));
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Documents' }).click();
      await page.getByRole('heading', { level: 1, name: 'Documents' }).waitFor();
      const answer = await after;
      expect(answer.status()).toBe(200);
      const renewed = bearerOf(answer.request());
      expect(renewed).not.toBe(first.token);
      expect(renewed).toBe((await storedSession(page))?.token);
      // Rotation honoured: the refresh token kept is a new one.
      expect((await storedSession(page))?.refreshToken).not.toBe(first.refreshToken);
      expect(await signInHeading(page).count()).toBe(0);
      expect(seen.refused).toEqual([]);
      expect(seen.refreshes.every((status) => status === 200)).toBe(true);
      expectNoTokenInUrls(seen.urls, first.token, first.refreshToken, renewed as string);
      expect(opened.cspViolations).toEqual([]);
      expect(opened.pageErrors).toEqual([]);
    } finally {
      await opened.close();
    }
  });

  it('renews once for every tab: a second tab uses the renewed token, and no refresh token is spent twice', async () => {
    const opened = await openConsole(browser, server.url, { path: '/templates' });
    const { page, context } = opened;
    const second = await context.newPage();
    const seen = watch(page, second);
    try {
      const first = await signIn(opened, 'Templates');
      await second.goto(`${server.url}/app/library`);
      await second.getByRole('heading', { level: 1, name: 'Library' }).waitFor();
      await untilRefused(first.token);

      const after = second.waitForResponse((response) => response.url().includes('/v1/documents'));
      await second.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Documents' }).click();
      await second.getByRole('heading', { level: 1, name: 'Documents' }).waitFor();
      expect((await after).status()).toBe(200);
      const used = bearerOf((await after).request());
      expect(used).not.toBe(first.token);
      expect([used, (await storedSession(page))?.token]).toContain((await storedSession(second))?.token);
      // Both tabs' timers came due for each token, but one tab renewed it: one refresh per new token, none refused.
      const distinct = new Set(seen.bearers);
      expect(seen.refreshes.length).toBeGreaterThan(0);
      expect(seen.refreshes.every((status) => status === 200)).toBe(true);
      expect(seen.refreshes.length).toBeLessThanOrEqual(distinct.size);
      expect(await signInHeading(page).count()).toBe(0);
      expect(seen.refused).toEqual([]);
    } finally {
      await opened.close();
    }
  });

  it('ends the session in every tab with the reason on the sign-in page when the provider refuses the refresh token', async () => {
    const opened = await openConsole(browser, server.url, { path: '/assessments' });
    const { page, context } = opened;
    try {
      const first = await signIn(opened, 'Assessments');
      const second = await context.newPage();
      await second.goto(`${server.url}/app/library`);
      await second.getByRole('heading', { level: 1, name: 'Library' }).waitFor();
      // Revoked at the provider behind the console's back (an administrator, say): the grant ends.
      const revoked = await fetch(`${idp.issuer}/token/revocation`, {
        method: 'POST',
        body: new URLSearchParams({ token: first.refreshToken, token_type_hint: 'refresh_token', client_id: CLIENT_ID }),
      });
      expect(revoked.status).toBe(200);

      const reason = /^Your sign-in could not be renewed: the identity provider refused to renew the sign-in \(invalid_grant: .+\)\. Sign in again\.$/;
      await signInHeading(page).waitFor({ timeout: 60_000 });
      await page.getByText(reason).waitFor();
      await signInHeading(second).waitFor();
      await second.getByText(reason).waitFor();
      expect(new URL(page.url()).pathname).toBe('/app/assessments');
      expect(await storedSession(page)).toBeNull();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'oidc-renewal-refused');
    } finally {
      await opened.close();
    }
  });

  it('revokes the refresh token at the provider on sign-out, and every tab is signed out', async () => {
    const opened = await openConsole(browser, server.url, { path: '/library' });
    const { page, context } = opened;
    try {
      const first = await signIn(opened, 'Library');
      const second = await context.newPage();
      await second.goto(`${server.url}/app/templates`);
      await second.getByRole('heading', { level: 1, name: 'Templates' }).waitFor();
      const kept = (await storedSession(page))?.refreshToken as string;

      const revocation = page.waitForResponse((response) => response.url().endsWith('/auth/oidc/revoke'));
      await page.getByRole('button', { name: 'Sign out' }).click();
      await signInHeading(page).waitFor();
      expect(await (await revocation).json()).toEqual({ revoked: true });
      await second.getByText('You signed out in another tab.').waitFor();

      // The provider refuses the refresh token now (and the one the sign-in started with).
      for (const token of new Set([kept, first.refreshToken])) {
        const refused = await idp.tokenRequest({ grant_type: 'refresh_token', refresh_token: token, client_id: CLIENT_ID });
        expect(refused).toEqual({ status: 400, body: expect.objectContaining({ error: 'invalid_grant' }) });
      }
      expect(await storedSession(second)).toBeNull();
    } finally {
      await opened.close();
    }
  });
});
