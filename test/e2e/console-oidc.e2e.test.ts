/**
 * The console's OIDC sign-in in chromium (issue #16) against a real server in AUTH_MODE=oidc and
 * a provider stand-in speaking the protocol over HTTP: "Sign in with <provider>" → the provider →
 * /app/callback → the page the user wanted, signed in with the provider's token; a tampered state
 * a refusal and a refused exchange are shown on the sign-in page; an expired token returns to
 * sign-in without a 401, on the server's clock whatever the device's.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/console-axe.js';
import { type ConsolePage, ensureConsoleBuilt, hasChromium, launchConsoleBrowser, openConsole, screenshot } from '../support/console-browser.js';
import { type FakeOidcProvider, startFakeOidcProvider } from '../support/fake-oidc-provider.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

const CLIENT_ID = 'quire-console';
const AUDIENCE = 'quire-api';

describe.skipIf(!hasChromium)('console OIDC sign-in in chromium', () => {
  let idp: FakeOidcProvider;
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    await ensureConsoleBuilt();
    idp = await startFakeOidcProvider({ clientId: CLIENT_ID, audience: AUDIENCE });
    idp.user = { sub: 'idp|erin', email: 'erin@acme.test', claims: { orgs: ['acme:editor', 'globex:viewer'] } };
    [server, browser] = await Promise.all([
      startTestServer({
        dialect: 'sqlite',
        env: {
          AUTH_MODE: 'oidc',
          AUTH_JWKS_URL: idp.jwksUrl,
          AUTH_ISSUER: idp.issuer,
          AUTH_AUDIENCE: AUDIENCE,
          AUTH_ORG_CLAIM: 'orgs',
          CONSOLE_OIDC_CLIENT_ID: CLIENT_ID,
          CONSOLE_OIDC_PROVIDER_NAME: 'Acme SSO',
        },
      }),
      launchConsoleBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await idp?.close();
  });

  /** The one request to another host is the user's own trip to the provider's authorization endpoint. */
  const expectOnlyTheProvider = (opened: ConsolePage, trips: number) => {
    expect(opened.foreign.map((url) => `${new URL(url).origin}${new URL(url).pathname}`)).toEqual(Array(trips).fill(`${idp.issuer}/authorize`));
    expect(opened.cspViolations).toEqual([]);
    expect(opened.pageErrors).toEqual([]);
  };

  it('signs in at the provider and lands on the page asked for, with the organizations of the claim', async () => {
    const opened = await openConsole(browser, server.url, { path: '/templates' });
    const { page } = opened;
    try {
      await page.getByRole('heading', { name: 'Sign in to Quire' }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'oidc-sign-in');
      await page.getByRole('button', { name: 'Sign in with Acme SSO' }).click();

      await page.getByRole('heading', { level: 1, name: 'Templates' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/app/templates');
      expect(new URL(page.url()).search).toBe('');
      expect(await page.getByTestId('role').innerText()).toBe('Role: editor');
      const org = page.getByLabel('Organization');
      expect(await Promise.all((await org.locator('option').all()).map((option) => option.getAttribute('value')))).toEqual(['acme', 'globex']);

      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Documents' }).click();
      await page.getByRole('heading', { level: 1, name: 'Documents' }).waitFor();
      await org.selectOption('globex');
      await page.getByTestId('role').getByText('Role: viewer').waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'oidc-signed-in-documents');
      expect(idp.tokenAnswers.at(-1)).toBe('200');
      expectOnlyTheProvider(opened, 1);
    } finally {
      await opened.close();
    }
  });

  it('shows why a sign-in failed on the sign-in page: another state (the code is not exchanged), a refusal, a refused exchange', async () => {
    const exchanges = idp.tokenAnswers.length;
    idp.nextAnswer = 'wrong_state';
    const opened = await openConsole(browser, server.url, { path: '/library' });
    const { page } = opened;
    try {
      await page.getByRole('button', { name: 'Sign in with Acme SSO' }).click();
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect(await alert.innerText()).toMatch(/^Sign-in failed: .*state mismatch.*start again\.$/);
      await page.getByRole('heading', { name: 'Sign in to Quire' }).waitFor();
      // Back where the user was, the code gone from the address bar, and nothing exchanged.
      expect(new URL(page.url()).pathname).toBe('/app/library');
      expect(new URL(page.url()).search).toBe('');
      expect(idp.tokenAnswers.length).toBe(exchanges);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'oidc-state-mismatch');

      // The user declines at the provider: the provider's reason is shown.
      idp.nextAnswer = 'access_denied';
      await page.getByRole('button', { name: 'Sign in with Acme SSO' }).click();
      await page.getByRole('alert').getByText('The identity provider did not sign you in: The user declined the sign-in.').waitFor();
      expect(idp.tokenAnswers.length).toBe(exchanges);

      // The provider refuses the code at the exchange: its reason, through Quire's 422.
      idp.nextAnswer = 'code';
      idp.refuseNextExchange = 'The code has expired';
      await page.getByRole('button', { name: 'Sign in with Acme SSO' }).click();
      await page.getByRole('alert').getByText('the identity provider refused the sign-in (invalid_grant: The code has expired); sign in again').waitFor();
      expect(idp.tokenAnswers.slice(exchanges)).toEqual(['invalid_grant']);
      expect(new URL(page.url()).pathname).toBe('/app/library');
      expectOnlyTheProvider(opened, 3);
    } finally {
      idp.nextAnswer = 'code';
      idp.refuseNextExchange = undefined;
      await opened.close();
    }
  });

  it('returns to sign-in when the token expires, without a 401, and back to the same page after signing in again', async () => {
    const opened = await openConsole(browser, server.url, { path: '/assessments' });
    const { page } = opened;
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 401) refused.push(response.url());
    });
    try {
      // The page's clock, so the token's five minutes pass at once (the server's clock is real).
      await page.clock.install();
      await page.getByRole('button', { name: 'Sign in with Acme SSO' }).click();
      await page.getByRole('heading', { level: 1, name: 'Assessments' }).waitFor();
      await page.clock.fastForward('05:01');
      await page.getByText('Your sign-in has expired: sign in again.').waitFor();
      await page.getByRole('heading', { name: 'Sign in to Quire' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/app/assessments');
      expect(refused).toEqual([]);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'oidc-expired');

      // The page's clock is now five minutes ahead of the server's, as a device's may be: the new
      // token's expiry is read on the server's clock (its Date header), so the session holds.
      await page.getByRole('button', { name: 'Sign in with Acme SSO' }).click();
      await page.getByRole('heading', { level: 1, name: 'Assessments' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/app/assessments');
      await page.clock.fastForward('04:00');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Library' }).click();
      await page.getByRole('heading', { level: 1, name: 'Library' }).waitFor();
      expect(refused).toEqual([]);
      expectOnlyTheProvider(opened, 2);
    } finally {
      await opened.close();
    }
  });
});
