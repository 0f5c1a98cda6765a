/**
 * The console's OIDC sign-in in chromium (issue #16) against a real server in AUTH_MODE=oidc and
 * a provider stand-in speaking the protocol over HTTP: "Sign in with <provider>" → the provider →
 * /app/callback → the page the user wanted, signed in with the provider's token; a tampered state
 * and a refusal are shown on the sign-in page; an expired token returns to sign-in without a 401.
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
      startTestServer({ dialect: 'sqlite', env: { AUTH_MODE: 'oidc', AUTH_JWKS_URL: idp.jwksUrl, AUTH_ISSUER: idp.issuer, AUTH_AUDIENCE: AUDIENCE, AUTH_ORG_CLAIM: 'orgs', CONSOLE_OIDC_CLIENT_ID: CLIENT_ID, CONSOLE_OIDC_PROVIDER_NAME: 'Acme SSO' } }),
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

  it('refuses an answer carrying another state, and says so on the sign-in page without exchanging the code', async () => {
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
      expectOnlyTheProvider(opened, 2);
    } finally {
      idp.nextAnswer = 'code';
      await opened.close();
    }
  });

  it('returns to sign-in when the token expires, without a 401, and back to the same page after signing in again', async () => {
    idp.accessTokenTtlSeconds = 6;
    const opened = await openConsole(browser, server.url, { path: '/assessments' });
    const { page } = opened;
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 401) refused.push(response.url());
    });
    try {
      await page.getByRole('button', { name: 'Sign in with Acme SSO' }).click();
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
      idp.accessTokenTtlSeconds = 300;
      await page.getByText('Your sign-in has expired: sign in again.').waitFor({ timeout: 30_000 });
      await page.getByRole('heading', { name: 'Sign in to Quire' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/app/assessments');
      expect(refused).toEqual([]);

      await page.getByRole('button', { name: 'Sign in with Acme SSO' }).click();
      await page.getByRole('heading', { level: 1, name: 'Assessments' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/app/assessments');
      expectOnlyTheProvider(opened, 2);
    } finally {
      idp.accessTokenTtlSeconds = 300;
      await opened.close();
    }
  });
});
