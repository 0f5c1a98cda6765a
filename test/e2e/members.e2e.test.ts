/**
 * The member-management API (`/v1/members`): owners list, add (by subject or e-mail), change
 * roles and remove; the last owner stays; another organization's members are 404; non-owners
 * get 403. The dev user owns the demo organizations.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../support/dialects.js';
import { addTestMember, signDevToken } from '../support/members.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

interface Member {
  userId: string;
  subject: string;
  email: string | null;
  role: string;
  source: string;
  createdAt: string;
}

describeEachDialect('members', (dialect) => {
  let server: TestServer;
  let owner: string;
  let ownerId: string;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    owner = await server.login();
    const members = await listMembers('acme');
    ownerId = members.find((m) => m.subject === 'dev@localhost')?.userId ?? '';
  });
  afterAll(async () => server?.close());

  async function listMembers(org: string, token = owner): Promise<Member[]> {
    const response = await server.call('GET', '/v1/members', { token, org });
    expect(response.status).toBe(200);
    return ((await response.json()) as { members: Member[] }).members;
  }
  const whoami = async (token: string, org?: string) =>
    (await (await server.call('GET', '/v1/whoami', { token, org })).json()) as {
      activeOrg: string | null;
      activeRole: string | null;
      user: { memberships: Array<{ slug: string; role: string }> };
    };

  it('lists the dev user as the owner of each demo organization (existing users keep working)', async () => {
    for (const org of ['acme', 'globex']) {
      expect(await listMembers(org)).toEqual([expect.objectContaining({ subject: 'dev@localhost', email: 'dev@localhost', role: 'owner', source: 'local' })]);
    }
  });

  it('adds by subject before the first sign-in; the new member acts with its role', async () => {
    const added = await server.call('POST', '/v1/members', { token: owner, org: 'acme', body: { subject: 'sub|vera', role: 'viewer' } });
    expect(added.status).toBe(201);
    const member = (await added.json()) as Member;
    expect(member).toMatchObject({ subject: 'sub|vera', email: null, role: 'viewer', source: 'local' });
    expect(member.userId).toMatch(/^usr_/);
    const vera = await signDevToken(server, 'sub|vera', 'vera@example.test');
    expect(await whoami(vera)).toMatchObject({ activeOrg: 'acme', activeRole: 'viewer', user: { memberships: [{ slug: 'acme', role: 'viewer' }] } });
    // A viewer reads but does not write, and the refusal names the role needed.
    expect((await server.call('GET', '/v1/documents', { token: vera })).status).toBe(200);
    const refused = await server.call('POST', '/v1/documents', { token: vera, body: { templateId: 'gdpr-dpia', title: 'x' } });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(/editor role/);
  });

  it('adds by e-mail a user who signed in before; 404 for an unknown e-mail, 409 for a member, 422 for both or neither', async () => {
    const wes = await signDevToken(server, 'sub|wes', 'wes@example.test');
    expect((await whoami(wes)).activeOrg).toBeNull();
    const added = await server.call('POST', '/v1/members', { token: owner, org: 'acme', body: { email: 'wes@example.test', role: 'editor' } });
    expect(added.status).toBe(201);
    expect(await added.json()).toMatchObject({ subject: 'sub|wes', email: 'wes@example.test', role: 'editor' });
    expect((await whoami(wes)).activeRole).toBe('editor');

    const before = await listMembers('acme');
    const answers = await Promise.all([
      server.call('POST', '/v1/members', { token: owner, org: 'acme', body: { email: 'nobody@example.test', role: 'editor' } }),
      server.call('POST', '/v1/members', { token: owner, org: 'acme', body: { subject: 'sub|wes', role: 'owner' } }),
      server.call('POST', '/v1/members', { token: owner, org: 'acme', body: { subject: 'sub|x', email: 'wes@example.test', role: 'editor' } }),
      server.call('POST', '/v1/members', { token: owner, org: 'acme', body: { role: 'editor' } }),
      server.call('POST', '/v1/members', { token: owner, org: 'acme', body: { subject: 'sub|y', role: 'admin' } }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([404, 409, 422, 422, 422]);
    for (const answer of answers) expect(await answer.json()).toHaveProperty('detail');
    expect(await listMembers('acme')).toEqual(before);
  });

  it('changes a role and removes a member; the removed member can no longer act in the organization', async () => {
    const rita = await addTestMember(server, owner, 'acme', 'editor', 'sub|rita');
    const changed = await server.call('PATCH', `/v1/members/${rita.userId}`, { token: owner, org: 'acme', body: { role: 'reviewer' } });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ userId: rita.userId, role: 'reviewer' });
    expect((await whoami(rita.token)).activeRole).toBe('reviewer');

    const removed = await server.call('DELETE', `/v1/members/${rita.userId}`, { token: owner, org: 'acme' });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ ok: true });
    expect((await server.call('GET', '/v1/documents', { token: rita.token, org: 'acme' })).status).toBe(404);
    expect((await listMembers('acme')).some((m) => m.userId === rita.userId)).toBe(false);
  });

  it('a demoted or removed member is refused on their very next request (no cached role outlives the change)', async () => {
    const erin = await addTestMember(server, owner, 'acme', 'editor', 'sub|erin');
    // An empty body: an editor passes the role check and gets 422; a viewer gets 403 first.
    const write = async () => (await server.call('POST', '/v1/documents', { token: erin.token, org: 'acme', body: {} })).status;
    expect(await write()).toBe(422);
    expect(await write()).toBe(422);
    const demoted = await server.call('PATCH', `/v1/members/${erin.userId}`, { token: owner, org: 'acme', body: { role: 'viewer' } });
    expect(demoted.status).toBe(200);
    expect(await write()).toBe(403);
    expect((await server.call('GET', '/v1/documents', { token: erin.token, org: 'acme' })).status).toBe(200);
    expect((await server.call('DELETE', `/v1/members/${erin.userId}`, { token: owner, org: 'acme' })).status).toBe(200);
    expect((await server.call('GET', '/v1/documents', { token: erin.token, org: 'acme' })).status).toBe(404);
  });

  it("another organization's member is 404 and stays as it is", async () => {
    const gus = await addTestMember(server, owner, 'globex', 'editor', 'sub|gus');
    const answers = [
      await server.call('PATCH', `/v1/members/${gus.userId}`, { token: owner, org: 'acme', body: { role: 'owner' } }),
      await server.call('DELETE', `/v1/members/${gus.userId}`, { token: owner, org: 'acme' }),
      await server.call('PATCH', '/v1/members/usr_nope', { token: owner, org: 'acme', body: { role: 'owner' } }),
    ];
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404]);
    expect(await answers[0].json()).toEqual({ detail: 'member not found' });
    expect((await listMembers('globex')).find((m) => m.userId === gus.userId)?.role).toBe('editor');
    expect((await whoami(gus.token)).user.memberships).toEqual([{ slug: 'globex', role: 'editor' }]);
  });

  it('only owners manage members: a reviewer gets 403 naming the owner role, and nothing changes', async () => {
    const rex = await addTestMember(server, owner, 'acme', 'reviewer', 'sub|rex');
    await whoami(rex.token); // the first sign-in records Rex's e-mail
    const before = await listMembers('acme');
    const answers = [
      await server.call('GET', '/v1/members', { token: rex.token }),
      await server.call('POST', '/v1/members', { token: rex.token, body: { subject: 'sub|rex-friend', role: 'owner' } }),
      await server.call('PATCH', `/v1/members/${rex.userId}`, { token: rex.token, body: { role: 'owner' } }),
      await server.call('DELETE', `/v1/members/${ownerId}`, { token: rex.token }),
    ];
    expect(answers.map((a) => a.status)).toEqual([403, 403, 403, 403]);
    for (const answer of answers) expect(((await answer.json()) as { detail: string }).detail).toMatch(/owner role/);
    expect(await listMembers('acme')).toEqual(before);
  });

  it('the last owner can be neither demoted nor removed (409); with a second owner both can', async () => {
    const demoteLast = await server.call('PATCH', `/v1/members/${ownerId}`, { token: owner, org: 'acme', body: { role: 'editor' } });
    const removeLast = await server.call('DELETE', `/v1/members/${ownerId}`, { token: owner, org: 'acme' });
    expect([demoteLast.status, removeLast.status]).toEqual([409, 409]);
    expect(((await demoteLast.json()) as { detail: string }).detail).toMatch(/at least one owner/);
    expect((await whoami(owner)).activeRole).toBe('owner');

    const olive = await addTestMember(server, owner, 'acme', 'owner', 'sub|olive');
    expect((await server.call('PATCH', `/v1/members/${ownerId}`, { token: olive.token, org: 'acme', body: { role: 'editor' } })).status).toBe(200);
    // Olive is now the only owner: she cannot leave or step down.
    expect((await server.call('DELETE', `/v1/members/${olive.userId}`, { token: olive.token, org: 'acme' })).status).toBe(409);
    expect((await server.call('PATCH', `/v1/members/${olive.userId}`, { token: olive.token, org: 'acme', body: { role: 'viewer' } })).status).toBe(409);
    // Put the dev user back, then Olive may leave.
    expect((await server.call('PATCH', `/v1/members/${ownerId}`, { token: olive.token, org: 'acme', body: { role: 'owner' } })).status).toBe(200);
    expect((await server.call('DELETE', `/v1/members/${olive.userId}`, { token: olive.token, org: 'acme' })).status).toBe(200);
    expect((await listMembers('acme')).filter((m) => m.role === 'owner').map((m) => m.subject)).toEqual(['dev@localhost']);
  });

  it('two owners demoting each other at once leave one owner', async () => {
    const a = await addTestMember(server, owner, 'globex', 'owner', 'sub|race-a');
    const b = await addTestMember(server, owner, 'globex', 'owner', 'sub|race-b');
    // Three owners; the dev user steps down so that a and b race for the last place.
    expect((await server.call('PATCH', `/v1/members/${ownerId}`, { token: owner, org: 'globex', body: { role: 'editor' } })).status).toBe(200);
    const answers = await Promise.all([
      server.call('PATCH', `/v1/members/${b.userId}`, { token: a.token, org: 'globex', body: { role: 'editor' } }),
      server.call('PATCH', `/v1/members/${a.userId}`, { token: b.token, org: 'globex', body: { role: 'editor' } }),
    ]);
    const statuses = answers.map((r) => r.status);
    // Whichever ran second saw one owner left (409) — or, having been demoted first, lacked the role (403).
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409 || s === 403)).toHaveLength(1);
    expect((await listMembers('globex', statuses[0] === 200 ? a.token : b.token)).filter((m) => m.role === 'owner')).toHaveLength(1);
  });
});
