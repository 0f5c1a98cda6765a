/**
 * A document's snippet bindings in the console, in chromium against a real server: bind a
 * snippet (a half-filled role refused with the server's words and nothing stored), follow the
 * readiness gap about an unset role to the binding, set the role, bind another before it, move
 * it, and unbind — each step checked in what the API then holds; a viewer sees the bindings
 * without the controls.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiFor } from '../support/api.js';
import { LETTER_FIELDS } from '../support/builtin-fields.js';
import { seriousA11yViolations } from '../support/console-axe.js';
import {
  TABLET_VIEWPORT,
  expectCleanPage,
  hasChromium,
  startConsoleSuite,
  stopConsoleSuite,
  openConsole,
  screenshot,
  signInAsDev,
} from '../support/console-browser.js';
import { addTestMember } from '../support/members.js';
import type { TestServer } from '../support/test-server.js';

interface StoredBinding {
  id: string;
  snippetId: string;
  entityBindings: Record<string, string>;
  snippet: { key: string } | null;
}

describe.skipIf(!hasChromium)('console snippet bindings in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let api: Api;
  beforeAll(async () => {
    ({ server, browser } = await startConsoleSuite());
    api = await apiFor(server);
  });
  afterAll(async () => {
    await stopConsoleSuite({ server, browser });
  });

  async function created(path: string, body: unknown): Promise<{ id: string }> {
    const response = await api.post(path, body);
    expect(response.status, `${path}: ${JSON.stringify(response.body)}`).toBe(201);
    return response.body as { id: string };
  }

  it('binds, sets a role from the readiness gap, inserts before, reorders and unbinds', { timeout: 120_000 }, async () => {
    await created('/v1/texts', { key: 'greeting', value: 'Dear client', narrativeTemplate: 'Dear {{ client }}', entityRolesUsed: ['client'] });
    await created('/v1/texts', { key: 'closing', value: 'Kind regards' });
    const opening = await created('/v1/snippets', { key: 'opening', name: 'Opening' });
    expect((await api.put(`/v1/snippets/${opening.id}/items`, { items: [{ itemType: 'text', itemKey: 'greeting' }] })).status).toBe(200);
    const signoff = await created('/v1/snippets', { key: 'signoff' });
    expect((await api.put(`/v1/snippets/${signoff.id}/items`, { items: [{ itemType: 'text', itemKey: 'closing' }] })).status).toBe(200);
    const acme = await created('/v1/entities', { name: 'Acme Ltd', kind: 'company' });
    await created('/v1/entities', { name: 'Beta GmbH' });
    const document = await api.post('/v1/documents', { templateId: 'engagement-letter', fields: LETTER_FIELDS });
    expect(document.status).toBe(201);
    const documentId = document.body.document.id as string;
    const stored = async () => (await api.get(`/v1/documents/${documentId}/snippets`)).body as StoredBinding[];

    const opened = await openConsole(browser, server.url, { path: `/documents/${documentId}` });
    const { page } = opened;
    try {
      await signInAsDev(page);
      const panel = page.getByRole('region', { name: 'Snippets' });
      await panel.getByText('No snippet is bound.').waitFor();
      const bind = panel.getByRole('form', { name: 'Bind a snippet' });

      // A role with no entity: the server's refusal shows, and nothing is bound.
      await bind.getByLabel('Snippet', { exact: true }).selectOption({ label: 'Opening (opening)' });
      await bind.getByLabel('Role 1', { exact: true }).fill('client');
      await bind.getByRole('button', { name: 'Bind snippet' }).click();
      const refusal = panel.getByRole('alert');
      await refusal.waitFor();
      expect(await refusal.innerText()).toContain('entityBindings.client must not be blank');
      expect(await stored()).toEqual([]);

      // Bound without the role: readiness names the unset role and leads to the binding.
      await bind.getByRole('button', { name: 'Remove role 1' }).click();
      await bind.getByRole('button', { name: 'Bind snippet' }).click();
      const openingItem = panel.getByRole('listitem', { name: 'Snippet opening' });
      await openingItem.waitFor();
      expect(await openingItem.innerText()).toContain('text:greeting');
      const [openingBinding] = await stored();
      expect(openingBinding?.snippet?.key).toBe('opening');
      const gap = page.getByTestId('readiness').getByRole('link', { name: /uses the role "client"/ });
      await gap.click();
      await expect.poll(() => page.locator(':focus').getAttribute('id')).toBe(`binding-${openingBinding?.id}`);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'documents-bindings-role-gap');

      await openingItem.getByRole('button', { name: 'Change roles of opening' }).click();
      const roles = openingItem.getByRole('form', { name: 'Roles of opening' });
      await roles.getByLabel('Role 1', { exact: true }).fill('client');
      await roles.getByLabel('Entity of role 1', { exact: true }).selectOption({ label: 'Acme Ltd (company)' });
      await roles.getByRole('button', { name: 'Save roles' }).click();
      await openingItem.getByText('client → Acme Ltd').waitFor();
      expect((await stored())[0]?.entityBindings).toEqual({ client: acme.id });
      await page.getByTestId('readiness').getByText('Ready to generate').waitFor();

      // Another snippet inserted before the first, then moved below it.
      await bind.getByLabel('Snippet', { exact: true }).selectOption({ label: 'signoff' });
      await bind.getByLabel('Position', { exact: true }).selectOption({ label: 'Before opening' });
      await bind.getByRole('button', { name: 'Bind snippet' }).click();
      const order = () =>
        panel
          .getByTestId('bindings')
          .locator(':scope > li')
          .evaluateAll((items) => items.map((item) => (item as unknown as { ariaLabel: string | null }).ariaLabel));
      await expect.poll(order).toEqual(['Snippet signoff', 'Snippet opening']);
      expect((await stored()).map((binding) => binding.snippet?.key)).toEqual(['signoff', 'opening']);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'documents-bindings');

      await panel.getByRole('button', { name: 'Move signoff down' }).click();
      await expect.poll(order).toEqual(['Snippet opening', 'Snippet signoff']);
      expect((await stored()).map((binding) => binding.snippet?.key)).toEqual(['opening', 'signoff']);

      // Unbinding leaves the snippet in the library and the other binding as it was.
      await panel.getByRole('button', { name: 'Unbind opening' }).click();
      await expect.poll(order).toEqual(['Snippet signoff']);
      expect((await stored()).map((binding) => binding.snippet?.key)).toEqual(['signoff']);
      expect((await api.get(`/v1/snippets/${opening.id}`)).status).toBe(200);
      expectCleanPage(opened);
    } finally {
      await opened.close();
    }

    // A viewer sees the bindings at a tablet width, without the controls its role cannot use.
    const viewer = await addTestMember(server, await server.login(), 'acme', 'viewer', 'bindings-viewer');
    const asViewer = await openConsole(browser, server.url, { path: `/documents/${documentId}`, viewport: TABLET_VIEWPORT });
    try {
      await asViewer.page.getByLabel('Bearer token').fill(viewer.token);
      await asViewer.page.getByRole('button', { name: 'Sign in', exact: true }).click();
      const panel = asViewer.page.getByRole('region', { name: 'Snippets' });
      await panel.getByRole('listitem', { name: 'Snippet signoff' }).waitFor();
      expect(await panel.getByRole('button').count()).toBe(0);
      expect(await panel.getByRole('form', { name: 'Bind a snippet' }).count()).toBe(0);
      expect(await seriousA11yViolations(asViewer.page)).toEqual([]);
      await screenshot(asViewer.page, 'documents-bindings-viewer-tablet');
      expectCleanPage(asViewer);
    } finally {
      await asViewer.close();
    }
  });
});
