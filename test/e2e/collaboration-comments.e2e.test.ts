/**
 * Comments on a section over real HTTP on every dialect (issue 33 item 4, ADR 0611): threads and
 * replies, mentions by e-mail, name and picked id, `?mentions=me`, resolve and reopen by editors,
 * only the author edits or deletes, and another organization's ids are 404.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Api, apiFor, instantiate } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { addTestMember } from '../support/members.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

describeEachDialect('comments on sections', (dialect) => {
  let server: TestServer;
  let owner: Api;
  const as = {} as Record<'viewer' | 'editor' | 'reviewer', Api>;
  const ids = {} as Record<'viewer' | 'editor' | 'reviewer', string>;
  let documentId: string;
  let sectionId: string;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    owner = await apiFor(server);
    const ownerToken = await server.login();
    for (const role of ['viewer', 'editor', 'reviewer'] as const) {
      const member = await addTestMember(server, ownerToken, 'acme', role, `talk-${role}`);
      as[role] = new Api(server, member.token, 'acme');
      ids[role] = member.userId;
      // The first signed-in request records the member's e-mail, which mentions match.
      expect((await as[role].get('/v1/whoami')).status).toBe(200);
    }
    const detail = await instantiate(owner, 'gdpr-dpia');
    documentId = detail.document.id;
    sectionId = detail.sections[0].id;
  });
  afterAll(async () => server?.close());

  const openThread = (api: Api, body: Record<string, unknown>) => api.post(`/v1/documents/${documentId}/sections/${sectionId}/threads`, body);

  it('lists the people one can mention, by name, without their roles', async () => {
    const people = await as.viewer.get('/v1/people');
    expect(people.status).toBe(200);
    expect(people.body).toEqual(expect.arrayContaining([{ userId: ids.reviewer, email: 'talk-reviewer@example.test', name: 'talk-reviewer' }]));
    expect(JSON.stringify(people.body)).not.toContain('"role"');
  });

  it('a thread from an editor mentioning a reviewer by name reaches the reviewer, who answers the editor by e-mail', async () => {
    const opened = await openThread(as.editor, { body: 'Is the retention period right, @talk-reviewer?' });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    expect(opened.body).toMatchObject({ sectionId, status: 'open', comments: [{ author: { userId: ids.editor }, mentions: [{ userId: ids.reviewer }] }] });

    const mine = await as.reviewer.get('/v1/threads?mentions=me');
    expect(mine.body.map((t: { id: string }) => t.id)).toEqual([opened.body.id]);
    const reply = await as.reviewer.post(`/v1/documents/${documentId}/threads/${opened.body.id}/comments`, {
      body: 'Yes — see art. 5, @talk-editor@example.test.',
    });
    expect(reply.status).toBe(201);
    expect(reply.body.mentions).toEqual([expect.objectContaining({ userId: ids.editor })]);

    const editorsMentions = await as.editor.get(`/v1/documents/${documentId}/threads?mentions=me`);
    expect(editorsMentions.body).toHaveLength(1);
    expect(editorsMentions.body[0].comments.map((c: { body: string }) => c.body)).toEqual([
      'Is the retention period right, @talk-reviewer?',
      'Yes — see art. 5, @talk-editor@example.test.',
    ]);
  });

  it('mentions a picked member by id, and refuses an id that is not a member (422)', async () => {
    const picked = await openThread(as.viewer, { body: 'Please look', mentions: [ids.reviewer] });
    expect(picked.status).toBe(201);
    expect(picked.body.comments[0].mentions).toEqual([expect.objectContaining({ userId: ids.reviewer, name: 'talk-reviewer' })]);
    const stranger = await openThread(as.viewer, { body: 'Please look', mentions: ['usr_nobody'] });
    expect(stranger.status).toBe(422);
    expect(stranger.body.detail).toContain('not a member');
    expect((await openThread(as.viewer, { body: '' })).status).toBe(422);
  });

  it('viewers comment and reply; only editors and above resolve and reopen', async () => {
    const thread = (await openThread(as.viewer, { body: 'A viewer asks' })).body;
    expect((await as.viewer.post(`/v1/documents/${documentId}/threads/${thread.id}/comments`, { body: 'and adds' })).status).toBe(201);
    const refused = await as.viewer.post(`/v1/documents/${documentId}/threads/${thread.id}/resolve`);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain('the editor role');

    const resolved = await as.editor.post(`/v1/documents/${documentId}/threads/${thread.id}/resolve`);
    expect(resolved.body).toMatchObject({ status: 'resolved', resolvedBy: { userId: ids.editor } });
    const open = await owner.get(`/v1/documents/${documentId}/threads?status=open`);
    expect(open.body.map((t: { id: string }) => t.id)).not.toContain(thread.id);
    const reopened = await as.reviewer.post(`/v1/documents/${documentId}/threads/${thread.id}/reopen`);
    expect(reopened.body).toMatchObject({ status: 'open', resolvedBy: null });
  });

  it('only the author edits or deletes a comment; the thread goes with its last comment', async () => {
    const thread = (await openThread(as.editor, { body: 'First tought' })).body;
    const commentId = thread.comments[0].id;
    const byOwner = await owner.patch(`/v1/documents/${documentId}/comments/${commentId}`, { body: 'Hijacked' });
    expect(byOwner.status).toBe(403);
    expect(byOwner.body.detail).toBe('only the author of a comment may edit it');
    const edited = await as.editor.patch(`/v1/documents/${documentId}/comments/${commentId}`, { body: 'First thought, @talk-viewer' });
    expect(edited.body).toMatchObject({ body: 'First thought, @talk-viewer', edited: true, mentions: [{ userId: ids.viewer }] });

    expect((await as.reviewer.delete(`/v1/documents/${documentId}/comments/${commentId}`)).status).toBe(403);
    const deleted = await as.editor.delete(`/v1/documents/${documentId}/comments/${commentId}`);
    expect(deleted.body).toEqual({ ok: true, threadDeleted: true });
    const left = await owner.get(`/v1/documents/${documentId}/threads`);
    expect(left.body.map((t: { id: string }) => t.id)).not.toContain(thread.id);
  });

  it("answers 404 for another organization's document, thread and comment, and changes nothing", async () => {
    const thread = (await openThread(as.editor, { body: 'Acme only' })).body;
    const globex = owner.as('globex');
    const other = (await instantiate(globex, 'gdpr-dpia')).document.id;
    const attempts = [
      await globex.get(`/v1/documents/${documentId}/threads`),
      await globex.post(`/v1/documents/${documentId}/sections/${sectionId}/threads`, { body: 'x' }),
      await globex.post(`/v1/documents/${other}/threads/${thread.id}/comments`, { body: 'x' }),
      await globex.post(`/v1/documents/${other}/threads/${thread.id}/resolve`),
      await globex.patch(`/v1/documents/${other}/comments/${thread.comments[0].id}`, { body: 'x' }),
      await globex.delete(`/v1/documents/${other}/comments/${thread.comments[0].id}`),
    ];
    expect(attempts.map((a) => a.status)).toEqual([404, 404, 404, 404, 404, 404]);
    expect((await globex.get('/v1/threads')).body).toEqual([]);
    const after = (await owner.get(`/v1/documents/${documentId}/threads`)).body.find((t: { id: string }) => t.id === thread.id);
    expect(after).toEqual(thread);
  });
});
