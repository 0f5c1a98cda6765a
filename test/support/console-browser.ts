/**
 * The console in a real browser (Debian's chromium driven by playwright-core) against a real
 * Quire server: one browser per test file, a fresh context (own storage, so signed out) per test.
 * Each opened page records what would break the console's promises: requests to any other
 * host, Content-Security-Policy refusals, and uncaught page errors.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import { expect } from 'vitest';
import { ensureConsoleBuilt } from './build-dist.js';
import { type TestServer, startTestServer } from './test-server.js';

export { ensureConsoleBuilt };

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = fs.existsSync(CHROMIUM);

/** Where screenshots go (gitignored). */
export const ARTIFACTS_DIR = path.resolve('test-artifacts', 'console');

/** The tablet width the console must work at, beside the 1280×800 default. */
export const TABLET_VIEWPORT = { width: 820, height: 1180 };
export const DESKTOP_VIEWPORT = { width: 1280, height: 800 };

/** A console test file's server (SQLite, `env` added) and chromium, the console built first. */
export async function startConsoleSuite(env: Record<string, string> = {}): Promise<{ server: TestServer; browser: Browser }> {
  await ensureConsoleBuilt();
  const [server, browser] = await Promise.all([startTestServer({ dialect: 'sqlite', env }), launchConsoleBrowser()]);
  return { server, browser };
}

/** Stops what startConsoleSuite started (either is missing when starting failed). */
export async function stopConsoleSuite(suite: { server?: TestServer; browser?: Browser }): Promise<void> {
  await suite.browser?.close();
  await suite.server?.close();
}

export async function launchConsoleBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export interface ConsolePage {
  page: Page;
  context: BrowserContext;
  /** URLs requested from any origin but the server's. */
  foreign: string[];
  /** Console messages about CSP refusals. */
  cspViolations: string[];
  /** Uncaught exceptions in the page. */
  pageErrors: string[];
  close(): Promise<void>;
}

/** The console kept its promises on this page: nothing fetched from another host, no CSP refusal, no uncaught error. */
export function expectCleanPage(opened: ConsolePage): void {
  expect(opened.foreign).toEqual([]);
  expect(opened.cspViolations).toEqual([]);
  expect(opened.pageErrors).toEqual([]);
}

/** A fresh context (signed out) with one page at `serverUrl/app<path>`. */
export async function openConsole(
  browser: Browser,
  serverUrl: string,
  options: { path?: string; viewport?: { width: number; height: number } } = {},
): Promise<ConsolePage> {
  const context = await browser.newContext({ viewport: options.viewport ?? DESKTOP_VIEWPORT });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const origin = new URL(serverUrl).origin;
  const foreign: string[] = [];
  const cspViolations: string[] = [];
  const pageErrors: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (url.startsWith('data:') || url.startsWith('blob:') || url.startsWith('about:')) return;
    if (new URL(url).origin !== origin) foreign.push(url);
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) cspViolations.push(message.text());
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${serverUrl}/app${options.path ?? ''}`);
  return { page, context, foreign, cspViolations, pageErrors, close: () => context.close() };
}

/** Signs in with the dev-login button and waits for the signed-in layout. */
export async function signInAsDev(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign in as the dev user' }).click();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
}

/** Saves a full-page screenshot as test-artifacts/console/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name.replace(/[^A-Za-z0-9._-]+/g, '-')}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
