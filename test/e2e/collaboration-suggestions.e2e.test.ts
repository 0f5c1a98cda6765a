/**
 * Suggested edits over real HTTP on every dialect (issue 33 item 4, ADR 0612): editors propose,
 * editors and above accept (a new section version through the hand-edit path) or reject; a stale
 * proposal is 409; viewers only read; another organization's ids are 404.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Api, apiFor, instantiate } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { addTestMember } from '../support/members.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

describeEachDialect('suggested edits', (dialect) => {
  let server: TestServer;
  let owner: Api;
  let viewer: Api;
  let editor: Api;
  let documentId: string;
  let sectionIds: string[];

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    owner = await apiFor(server);
    const ownerToken = await server.login();
    viewer = new Api(server, (await addTestMember(server, ownerToken, 'acme', 'viewer', 'sug-viewer')).token, 'acme');
    editor = new Api(server, (await addTestMember(server, ownerToken, 'acme', 'editor', 'sug-editor')).token, 'acme');
    const detail = await instantiate(owner, 'gdpr-dpia');
    documentId = detail.document.id;
    sectionIds = detail.sections.map((s: { id: string }) => s.id);
  });
  afterAll(async () => server?.close());

  const sectionUrl = (i: number) => `/v1/documents/${documentId}/sections/${sectionIds[i]}`;
  const setText = async (i: number, content: string) => expect((await owner.put(`${sectionUrl(i)}/output`, { content })).status).toBe(200);
  const sectionOf = async (i: number) =>
    (await owner.get(`/v1/documents/${documentId}`)).body.sections.find((s: { id: string }) => s.id === sectionIds[i]) as { content: string; status: string };

  it('an accepted suggestion becomes a new version of the section, as a hand edit', async () => {
    await setText(0, 'The processing is lawful.');
    const proposed = await editor.post(`${sectionUrl(0)}/suggestions`, { content: 'The processing is lawful and necessary.', note: 'necessity' });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
    expect(proposed.body).toMatchObject({ status: 'pending', baseVersion: 1, currentVersion: 1, stale: false, baseContent: 'The processing is lawful.' });
    expect(proposed.body.diff).toContainEqual({ op: 'insert', text: ' and necessary' });

    const accepted = await editor.post(`/v1/documents/${documentId}/suggestions/${proposed.body.id}/accept`, {});
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'accepted', acceptedVersion: 2 });
    expect(await sectionOf(0)).toMatchObject({ content: 'The processing is lawful and necessary.', status: 'edited' });
    const versions = await owner.get(`${sectionUrl(0)}/versions`);
    expect(versions.body.map((v: { version: number; source: string }) => [v.version, v.source])).toEqual([
      [2, 'edited'],
      [1, 'edited'],
    ]);
    const again = await editor.post(`/v1/documents/${documentId}/suggestions/${proposed.body.id}/accept`, {});
    expect(again.status).toBe(409);
  });

  it('a rejected suggestion leaves the section as it was', async () => {
    await setText(1, 'Risks are low.');
    const proposed = (await editor.post(`${sectionUrl(1)}/suggestions`, { content: 'Risks are negligible.' })).body;
    const rejected = await owner.post(`/v1/documents/${documentId}/suggestions/${proposed.id}/reject`, { note: 'too strong' });
    expect(rejected.body).toMatchObject({ status: 'rejected', decisionNote: 'too strong', acceptedVersion: null });
    expect((await sectionOf(1)).content).toBe('Risks are low.');
    expect((await editor.post(`/v1/documents/${documentId}/suggestions/${proposed.id}/accept`, {})).status).toBe(409);
  });

  it('accepting a suggestion whose base is stale answers 409 saying so, and keeps the newer text', async () => {
    await setText(2, 'Version one.');
    const proposed = (await editor.post(`${sectionUrl(2)}/suggestions`, { content: 'Version one, suggested.' })).body;
    await setText(2, 'Version two, edited meanwhile.');
    const listed = await viewer.get(`/v1/documents/${documentId}/suggestions?section_id=${sectionIds[2]}&status=pending`);
    expect(listed.body).toEqual([expect.objectContaining({ id: proposed.id, stale: true, currentVersion: 2 })]);
    const refused = await editor.post(`/v1/documents/${documentId}/suggestions/${proposed.id}/accept`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain('the section changed since this suggestion was made');
    expect((await sectionOf(2)).content).toBe('Version two, edited meanwhile.');
    const late = await editor.post(`${sectionUrl(2)}/suggestions`, { content: 'x', baseVersion: 1 });
    expect(late.status).toBe(409);
  });

  it('viewers read suggestions but neither propose nor decide', async () => {
    const proposed = (await editor.post(`${sectionUrl(3)}/suggestions`, { content: 'A viewer may not decide this.' })).body;
    expect((await viewer.post(`${sectionUrl(3)}/suggestions`, { content: 'mine' })).status).toBe(403);
    const refused = await viewer.post(`/v1/documents/${documentId}/suggestions/${proposed.id}/accept`, {});
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain('the editor role');
    expect((await viewer.post(`/v1/documents/${documentId}/suggestions/${proposed.id}/reject`, {})).status).toBe(403);
    expect((await viewer.get(`/v1/documents/${documentId}/suggestions?status=pending`)).body.map((s: { id: string }) => s.id)).toContain(proposed.id);
  });

  it("answers 404 for another organization's document and suggestion, and changes nothing", async () => {
    const proposed = (await editor.post(`${sectionUrl(4)}/suggestions`, { content: 'Acme wording.' })).body;
    const globex = owner.as('globex');
    const other = (await instantiate(globex, 'gdpr-dpia')).document.id;
    const attempts = [
      await globex.get(`/v1/documents/${documentId}/suggestions`),
      await globex.post(`${sectionUrl(4)}/suggestions`, { content: 'y' }),
      await globex.post(`/v1/documents/${other}/suggestions/${proposed.id}/accept`, {}),
      await globex.post(`/v1/documents/${other}/suggestions/${proposed.id}/reject`, {}),
    ];
    expect(attempts.map((a) => a.status)).toEqual([404, 404, 404, 404]);
    const after = (await owner.get(`/v1/documents/${documentId}/suggestions`)).body.find((s: { id: string }) => s.id === proposed.id);
    expect(after).toEqual(proposed);
  });
});
