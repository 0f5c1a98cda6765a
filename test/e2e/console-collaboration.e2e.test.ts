/**
 * Working together in the console, in chromium against a real server (issue 33 item 4): a comment
 * thread from an editor to a reviewer and back in two browser contexts signed in as two users
 * (mention through the member picker, reply, resolve), and the suggestion flow — propose, see the
 * word diff, accept (the section's text changes), propose again and reject (it does not).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, apiFor, instantiate } from '../support/api.js';
import { seriousA11yViolations } from '../support/console-axe.js';
import { type ConsolePage, expectCleanPage, hasChromium, openConsole, screenshot, startConsoleSuite, stopConsoleSuite } from '../support/console-browser.js';
import { addTestMember, type TestMember } from '../support/members.js';
import type { TestServer } from '../support/test-server.js';

describe.skipIf(!hasChromium)('console comments and suggestions in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let owner: Api;
  let editor: TestMember;
  let reviewer: TestMember;
  let documentId: string;
  let sectionKey: string;
  let sectionId: string;

  beforeAll(async () => {
    ({ server, browser } = await startConsoleSuite());
    owner = await apiFor(server);
    const ownerToken = await server.login();
    editor = await addTestMember(server, ownerToken, 'acme', 'editor', 'desk-editor');
    reviewer = await addTestMember(server, ownerToken, 'acme', 'reviewer', 'desk-reviewer');
    for (const member of [editor, reviewer]) expect((await new Api(server, member.token, 'acme').get('/v1/whoami')).status).toBe(200);
    const detail = await instantiate(owner, 'gdpr-dpia');
    documentId = detail.document.id;
    sectionKey = detail.sections[0].key;
    sectionId = detail.sections[0].id;
    expect((await owner.put(`/v1/documents/${documentId}/sections/${sectionId}/output`, { content: 'The processing is lawful.' })).status).toBe(200);
  });
  afterAll(async () => {
    await stopConsoleSuite({ server, browser });
  });

  /** A context signed in with the member's token, on the document's workspace. */
  const openAs = async (member: TestMember): Promise<ConsolePage> => {
    const opened = await openConsole(browser, server.url, { path: `/documents/${documentId}` });
    await opened.page.getByLabel('Bearer token').fill(member.token);
    await opened.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await section(opened.page).waitFor();
    return opened;
  };
  const section = (page: Page) => page.locator(`[data-testid=section][data-section-key="${sectionKey}"]`);
  const openComments = async (page: Page) => {
    await page.reload();
    await section(page)
      .getByRole('button', { name: /^Comments/ })
      .click();
    return section(page).getByTestId('section-comments');
  };

  it('a comment thread goes from an editor to a reviewer and back, with mentions picked from the members', async () => {
    const asEditor = await openAs(editor);
    const asReviewer = await openAs(reviewer);
    try {
      let comments = await openComments(asEditor.page);
      await comments.getByLabel('New comment').fill('Is the legal basis right?');
      await comments.getByLabel('Mention').last().selectOption(reviewer.userId);
      expect(await comments.getByLabel('New comment').inputValue()).toBe('Is the legal basis right? @desk-reviewer ');
      await comments.getByRole('button', { name: 'Comment', exact: true }).click();
      await comments.getByTestId('comment').filter({ hasText: 'Is the legal basis right? @desk-reviewer' }).waitFor();

      const reviewerMentions = (await new Api(server, reviewer.token, 'acme').get('/v1/threads?mentions=me')).body as Array<{ comments: { body: string }[] }>;
      expect(reviewerMentions.map((t) => t.comments[0].body)).toEqual(['Is the legal basis right? @desk-reviewer']);

      const reviewerComments = await openComments(asReviewer.page);
      const thread = reviewerComments.getByTestId('comment-thread');
      await thread.getByText('Is the legal basis right? @desk-reviewer').waitFor();
      expect(await thread.getByRole('button', { name: 'Resolve' }).count()).toBe(1);
      expect(await seriousA11yViolations(asReviewer.page)).toEqual([]);
      await thread.getByLabel('Reply').fill('Yes: consent, art. 6(1)(a).');
      await thread.getByLabel('Mention').selectOption(editor.userId);
      await thread.getByRole('button', { name: 'Send reply' }).click();
      await thread.getByTestId('comment').filter({ hasText: 'Yes: consent, art. 6(1)(a). @desk-editor' }).waitFor();

      comments = await openComments(asEditor.page);
      const editorsThread = comments.getByTestId('comment-thread');
      await editorsThread.getByTestId('comment').filter({ hasText: '@desk-editor' }).waitFor();
      expect(await editorsThread.getByTestId('comment').allInnerTexts()).toEqual([
        expect.stringContaining('desk-editor'),
        expect.stringContaining('Yes: consent, art. 6(1)(a). @desk-editor'),
      ]);
      await editorsThread.getByRole('button', { name: 'Resolve' }).click();
      await editorsThread.getByText('Resolved by desk-editor').waitFor();
      await screenshot(asEditor.page, 'comment-thread-resolved');
      expectCleanPage(asEditor);
      expectCleanPage(asReviewer);
    } finally {
      await asEditor.close();
      await asReviewer.close();
    }
  }, 300_000);

  it('suggestion flow: an editor proposes, the reviewer sees the diff and accepts; a second proposal is rejected', async () => {
    const asEditor = await openAs(editor);
    const asReviewer = await openAs(reviewer);
    try {
      const propose = async (text: string) => {
        await asEditor.page.reload();
        await section(asEditor.page).getByRole('button', { name: 'Suggest' }).click();
        await section(asEditor.page).getByLabel('Suggested text').fill(text);
        await section(asEditor.page).getByRole('button', { name: 'Propose' }).click();
        await section(asEditor.page).getByTestId('suggestion').waitFor();
      };
      await propose('The processing is lawful and necessary.');
      await asReviewer.page.reload();
      const suggestion = section(asReviewer.page).getByTestId('suggestion');
      await suggestion.waitFor();
      expect(await suggestion.getByTestId('suggestion-diff').locator('ins').allInnerTexts()).toEqual([' and necessary']);
      expect(await seriousA11yViolations(asReviewer.page)).toEqual([]);
      await suggestion.getByRole('button', { name: 'Accept suggestion' }).click();
      // The accepted suggestion leaves once the section is re-read; only then is the text found the
      // section's own (the suggestion's diff reads the same words while it is still shown).
      await section(asReviewer.page).getByTestId('suggestion').waitFor({ state: 'detached' });
      await section(asReviewer.page).getByText('The processing is lawful and necessary.').waitFor();
      expect(await section(asReviewer.page).locator('.badge-edited').innerText()).toBe('Edited by hand');

      await propose('The processing is unlawful.');
      await asReviewer.page.reload();
      await section(asReviewer.page).getByTestId('suggestion').getByRole('button', { name: 'Reject suggestion' }).click();
      await section(asReviewer.page).getByTestId('suggestion').waitFor({ state: 'detached' });
      await section(asReviewer.page).getByText('The processing is lawful and necessary.').waitFor();
      await section(asReviewer.page).getByTestId('suggestion').waitFor({ state: 'detached' });
      const after = (await owner.get(`/v1/documents/${documentId}`)).body.sections.find((s: { id: string }) => s.id === sectionId);
      expect(after.content).toBe('The processing is lawful and necessary.');
      await screenshot(asReviewer.page, 'suggestion-rejected');
      expectCleanPage(asEditor);
      expectCleanPage(asReviewer);
    } finally {
      await asEditor.close();
      await asReviewer.close();
    }
  }, 300_000);
});
