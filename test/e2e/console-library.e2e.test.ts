/**
 * The library pages in chromium against a real server: a text created through the form and
 * listed (and stored), a blank key refused with the server's 422 shown at the Key field and
 * nothing stored, a text edited, a draft risk block approved by the owner (who and when
 * recorded), a voice created and deleted, an entity created and its refused deletion explained —
 * with no serious axe violation on any library page.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiFor } from '../support/api.js';
import { seriousA11yViolations } from '../support/console-axe.js';
import { expectCleanPage, hasChromium, startConsoleSuite, stopConsoleSuite, openConsole, screenshot, signInAsDev } from '../support/console-browser.js';
import { LETTER_FIELDS } from '../support/builtin-fields.js';
import { addTestMember } from '../support/members.js';
import type { TestServer } from '../support/test-server.js';

/** A webhook URL must resolve to an allowed host: a loopback port of this helper's range, allow-listed (nothing is delivered: no run ends here). */
const HOOK_HOST = '127.0.0.1:19901';

describe.skipIf(!hasChromium)('console library pages in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let api: Api;
  beforeAll(async () => {
    ({ server, browser } = await startConsoleSuite({ TOOL_ALLOWED_HOSTS: HOOK_HOST }));
    api = await apiFor(server);
  });
  afterAll(async () => {
    await stopConsoleSuite({ server, browser });
  });

  /** The library front page, then one collection through its link. */
  async function openCollection(page: Page, title: string): Promise<void> {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Library' }).click();
    await page.getByRole('heading', { level: 1, name: 'Library' }).waitFor();
    await page.getByRole('link', { name: title, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
  }

  it("creates a text and lists it, shows a blank key's 422 at the Key field without storing anything, and edits the text", async () => {
    const opened = await openConsole(browser, server.url, { path: '/library' });
    const { page } = opened;
    try {
      await signInAsDev(page);
      await page.getByRole('heading', { level: 1, name: 'Library' }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'library-index');

      await openCollection(page, 'Texts');
      const form = page.getByRole('form', { name: 'New text' });
      await form.getByLabel('Key').fill('greeting');
      await form.getByRole('textbox', { name: 'Value (required)' }).fill('Dear client');
      await form.getByRole('button', { name: 'Create text' }).click();
      const row = page.getByTestId('library-list').getByRole('row').filter({ hasText: 'greeting' });
      await row.waitFor();
      expect(await row.innerText()).toContain('Dear client');
      const stored = (await api.get('/v1/texts')).body as { key: string; value: string }[];
      expect(stored.map((text) => [text.key, text.value])).toEqual([['greeting', 'Dear client']]);

      // A blank key: the server's message under the Key input, tied to it, and nothing stored.
      await form.getByLabel('Key').fill('   ');
      await form.getByRole('textbox', { name: 'Value (required)' }).fill('Orphan');
      await form.getByRole('button', { name: 'Create text' }).click();
      const keyInput = form.getByLabel('Key');
      await form.locator('[name=key][aria-invalid=true]').waitFor();
      const describedBy = (await keyInput.getAttribute('aria-describedby')) ?? '';
      const errorId = describedBy.split(' ').find((id) => id.endsWith('-error'));
      expect(errorId).toBeDefined();
      expect(await page.locator(`[id="${errorId}"]`).innerText()).toBe('key must not be blank');
      expect(((await api.get('/v1/texts')).body as unknown[]).length).toBe(1);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'library-texts-422');

      await page.getByRole('button', { name: 'Edit text greeting' }).click();
      const edit = page.getByRole('form', { name: 'Edit text greeting' });
      await edit.getByRole('textbox', { name: 'Value (required)' }).fill('Dear customer');
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await page.getByRole('status').filter({ hasText: 'Saved the text "greeting".' }).waitFor();
      expect(await row.innerText()).toContain('Dear customer');
      expect(((await api.get('/v1/texts')).body as { value: string }[])[0]?.value).toBe('Dear customer');
      expectCleanPage(opened);
    } finally {
      await opened.close();
    }
  });

  it('approves a draft risk block as owner, recording who approved it', async () => {
    const created = await api.post('/v1/risk-blocks', { key: 'rb_liability', heading: 'Liability', template: 'Liability is capped at the fees paid.' });
    expect(created.status).toBe(201);
    expect(created.body.status).toBe('draft');
    const opened = await openConsole(browser, server.url, { path: '/library' });
    const { page } = opened;
    try {
      await signInAsDev(page);
      await openCollection(page, 'Risk blocks');
      const row = page.getByTestId('library-list').getByRole('row').filter({ hasText: 'rb_liability' });
      expect(await row.innerText()).toContain('draft');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Approve risk block rb_liability' }).click();
      await page.getByRole('button', { name: 'Return to draft risk block rb_liability' }).waitFor();
      expect(await row.innerText()).toMatch(/approved by \S+/);
      const block = (await api.get(`/v1/risk-blocks/${created.body.id}`)).body;
      expect(block.status).toBe('approved');
      expect(block.approvedBy).toEqual(expect.any(String));
      expect(block.approvedAt).toEqual(expect.any(String));
      await screenshot(page, 'library-risk-blocks-approved');
      expectCleanPage(opened);
    } finally {
      await opened.close();
    }
  });

  it('creates a snippet holding a text and a risk block, and refuses an unknown item without storing the snippet', async () => {
    expect((await api.post('/v1/texts', { key: 'intro', value: 'Introduction' })).status).toBe(201);
    expect((await api.post('/v1/risk-blocks', { key: 'rb_privacy', heading: 'Privacy', template: 'Data stays in the EU.' })).status).toBe(201);
    const opened = await openConsole(browser, server.url, { path: '/library' });
    const { page } = opened;
    try {
      await signInAsDev(page);
      await openCollection(page, 'Snippets');
      const form = page.getByRole('form', { name: 'New snippet' });
      await form.getByLabel('Key').fill('onboarding');
      await form.getByLabel('Items').fill('text:missing_key');
      await form.getByRole('button', { name: 'Create snippet' }).click();
      const refusal = form.getByRole('alert');
      await refusal.waitFor();
      expect(await refusal.innerText()).toMatch(/missing_key/);
      expect((await api.get('/v1/snippets')).body).toEqual([]);

      await form.getByLabel('Items').fill('text:intro\nrisk_block:rb_privacy');
      await form.getByRole('button', { name: 'Create snippet' }).click();
      const row = page.getByTestId('library-list').getByRole('row').filter({ hasText: 'onboarding' });
      await row.waitFor();
      expect(await row.innerText()).toContain('text:intro, risk_block:rb_privacy');
      const stored = (await api.get('/v1/snippets')).body as { key: string; items: { itemType: string; itemKey: string }[] }[];
      expect(stored.map((snippet) => [snippet.key, snippet.items.map((item) => `${item.itemType}:${item.itemKey}`)])).toEqual([
        ['onboarding', ['text:intro', 'risk_block:rb_privacy']],
      ]);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'library-snippets');
      expectCleanPage(opened);
    } finally {
      await opened.close();
    }
  });

  it('creates an entity with attributes, and shows why one a binding names cannot be deleted', async () => {
    const opened = await openConsole(browser, server.url, { path: '/library' });
    const { page } = opened;
    try {
      await signInAsDev(page);
      await openCollection(page, 'Entities');
      const form = page.getByRole('form', { name: 'New entity' });
      await form.getByLabel('Name').fill('Northwind Traders');
      await form.getByLabel('Kind').fill('organization');
      await form.getByLabel('Attributes').fill('city: Berlin\nvat_id: DE123');
      await form.getByRole('button', { name: 'Create entity' }).click();
      const row = page.getByTestId('library-list').getByRole('row').filter({ hasText: 'Northwind Traders' });
      await row.waitFor();
      expect(await row.innerText()).toContain('city: Berlin; vat_id: DE123');
      const stored = ((await api.get('/v1/entities')).body as { id: string; name: string; kind: string; attributes: Record<string, unknown> }[]).find(
        (entity) => entity.name === 'Northwind Traders',
      );
      expect(stored).toMatchObject({ kind: 'organization', attributes: { city: 'Berlin', vat_id: 'DE123' } });

      // Bound as a document's client, it cannot go: the server's reason is shown, and it stays.
      const document = await api.post('/v1/documents', { templateId: 'engagement-letter', fields: LETTER_FIELDS });
      const snippet = await api.post('/v1/snippets', { key: 'entity_use' });
      expect(
        (await api.post(`/v1/documents/${document.body.document.id}/snippets`, { snippetId: snippet.body.id, entityBindings: { client: stored?.id } })).status,
      ).toBe(201);
      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('button', { name: 'Delete entity Northwind Traders' }).click();
      const refusal = page.getByRole('alert');
      await refusal.waitFor();
      expect(await refusal.innerText()).toContain('is bound in document');
      expect((await api.get(`/v1/entities/${stored?.id}`)).status).toBe(200);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'library-entities');
      expectCleanPage(opened);
    } finally {
      await opened.close();
    }
  });

  it('creates a voice and deletes it after confirming', async () => {
    const opened = await openConsole(browser, server.url, { path: '/library' });
    const { page } = opened;
    try {
      await signInAsDev(page);
      await openCollection(page, 'Voices');
      expect(await page.getByText('No voices yet.').count()).toBe(1);
      expect(await seriousA11yViolations(page)).toEqual([]);
      const form = page.getByRole('form', { name: 'New voice' });
      await form.getByLabel('Name').fill('Plain');
      await form.getByLabel('Sample passages').fill('We pay within 30 days.\nWe answer within a day.');
      await form.getByRole('button', { name: 'Create voice' }).click();
      const row = page.getByTestId('library-list').getByRole('row').filter({ hasText: 'Plain' });
      await row.waitFor();
      expect(((await api.get('/v1/voices')).body as { name: string; samples: string[] }[]).map((v) => [v.name, v.samples.length])).toEqual([['Plain', 2]]);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'library-voices');

      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('button', { name: 'Delete voice Plain' }).click();
      await page.getByText('No voices yet.').waitFor();
      expect((await api.get('/v1/voices')).body).toEqual([]);
      expectCleanPage(opened);
    } finally {
      await opened.close();
    }
  });

  it("registers a tool and a webhook as owner, the webhook's secret shown once", async () => {
    const opened = await openConsole(browser, server.url, { path: '/library' });
    const { page } = opened;
    try {
      await signInAsDev(page);
      await openCollection(page, 'Tool registrations');
      const tool = page.getByRole('form', { name: 'New tool registration' });
      await tool.getByLabel('Name').fill('deadline-math');
      await tool.getByLabel('Category').fill('dates');
      await tool.getByLabel('Kind of tool').selectOption('builtin.date_add');
      await tool.getByRole('button', { name: 'Create tool registration' }).click();
      await page.getByTestId('library-list').getByRole('row').filter({ hasText: 'deadline-math' }).waitFor();
      expect(((await api.get('/v1/tool-registrations')).body as { name: string; classPath: string }[]).map((t) => [t.name, t.classPath])).toEqual([
        ['deadline-math', 'builtin.date_add'],
      ]);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'library-tool-registrations');

      await openCollection(page, 'Webhooks');
      const hook = page.getByRole('form', { name: 'New webhook' });
      await hook.getByLabel('URL').fill(`http://${HOOK_HOST}/quire`);
      await hook.getByRole('checkbox', { name: 'generation.finished' }).check();
      await hook.getByRole('checkbox', { name: 'batch.failed' }).check();
      await hook.getByRole('button', { name: 'Create webhook' }).click();
      const secret = page.getByRole('status').filter({ hasText: 'signing secret' });
      await secret.waitFor();
      expect(
        await page
          .getByTestId('library-list')
          .getByRole('row')
          .filter({ hasText: `${HOOK_HOST}/quire` })
          .innerText(),
      ).toContain('generation.finished, batch.failed');
      const stored = (await api.get('/v1/webhooks')).body as { url: string; events: string[]; enabled: boolean }[];
      expect(stored).toEqual([expect.objectContaining({ url: `http://${HOOK_HOST}/quire`, events: ['generation.finished', 'batch.failed'], enabled: true })]);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'library-webhooks');
      expectCleanPage(opened);
    } finally {
      await opened.close();
    }
  });

  it("offers each role only what it may do: an editor drafts but cannot approve or reach the owners' pages, a viewer only reads", async () => {
    expect((await api.post('/v1/risk-blocks', { key: 'rb_roles', heading: 'Roles', template: 'Who may approve.' })).status).toBe(201);
    const ownerToken = await server.login();
    const editor = await addTestMember(server, ownerToken, 'acme', 'editor', 'library-editor');
    const viewer = await addTestMember(server, ownerToken, 'acme', 'viewer', 'library-viewer');
    const signInWith = async (token: string) => {
      const opened = await openConsole(browser, server.url, { path: '/library/risk-blocks' });
      await opened.page.getByLabel('Bearer token').fill(token);
      await opened.page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await opened.page.getByRole('heading', { level: 1, name: 'Risk blocks' }).waitFor();
      await opened.page.getByTestId('library-list').getByRole('row').filter({ hasText: 'rb_roles' }).waitFor();
      return opened;
    };

    const asEditor = await signInWith(editor.token);
    try {
      const { page } = asEditor;
      expect(await page.getByRole('button', { name: 'Edit risk block rb_roles' }).count()).toBe(1);
      expect(await page.getByRole('button', { name: 'Approve risk block rb_roles' }).count()).toBe(0);
      expect(await page.getByRole('form', { name: 'New risk block' }).count()).toBe(1);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Library' }).click();
      await page.getByRole('heading', { level: 1, name: 'Library' }).waitFor();
      expect(await page.getByRole('link', { name: 'Webhooks' }).count()).toBe(0);
      await page.goto(`${server.url}/app/library/webhooks`);
      await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
      expect(await page.getByText("Only the organization's owners manage webhooks; your role is editor.").count()).toBe(1);
      expect(await seriousA11yViolations(page)).toEqual([]);
      expectCleanPage(asEditor);
    } finally {
      await asEditor.close();
    }

    const asViewer = await signInWith(viewer.token);
    try {
      const { page } = asViewer;
      expect(await page.getByText('Your role (viewer) can read the risk blocks but not change or approve them.').count()).toBe(1);
      expect(await page.getByRole('button', { name: /risk block rb_roles/ }).count()).toBe(0);
      expect(await page.getByRole('form', { name: 'New risk block' }).count()).toBe(0);
      await screenshot(page, 'library-risk-blocks-viewer');
      expectCleanPage(asViewer);
    } finally {
      await asViewer.close();
    }
  });
});
