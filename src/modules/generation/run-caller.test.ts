/**
 * The caller's token carried with a run, on a real database (both dialects): sealed when the run
 * starts (never in clear), handed only to per-user tools by whichever process runs it, erased in
 * the transaction that ends the run — finished, failed, blocked, orphaned or shut down — and,
 * when it cannot be used (expired, another key, altered), a per-user need fails saying why.
 */
import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { FIXED_NOW, type DbHarness, useDbHarness } from '../../../test/support/db-harness.js';
import { describeEachDialect } from '../../../test/support/dialects.js';
import { RecordingQueue } from '../../../test/support/recording-queue.js';
import { type TestOrg, buildDataNeed, buildDocument, buildField, buildOrg, buildSection } from '../../../test/support/factories.js';
import { newId } from '../../kernel/ids.js';
import { secretKeyFrom } from '../../kernel/secret-box.js';
import type { ToolCaller, ToolGateway } from '../../pipeline/ports.js';
import { FakeModelGateway } from '../../pipeline/test-support/fake-ports.js';
import { createContext } from '../context.js';
import { startGeneration } from './commands/start-generation.js';
import type { GenerateJobPayload } from './generate-job-payload.js';
import { recallRunCaller } from './run-caller.js';
import { failOrphanedRun, runGeneration } from './run-generation.js';

const KEY = secretKeyFrom(randomBytes(32));
const TOKEN = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ0ZXN0LXVzZXIifQ.the-signature-of-the-caller';
const EXPIRES = '2026-03-14T10:30:00.000Z'; // an hour after FIXED_NOW

/** A tool gateway whose `mcp.http` tools act for the caller, recording who each call carried. */
function recordingTools(onCall: (tool: string) => void = () => {}): ToolGateway & { calls: Array<{ tool: string; caller: ToolCaller }> } {
  const calls: Array<{ tool: string; caller: ToolCaller }> = [];
  return {
    calls,
    async call({ registration, caller }) {
      calls.push({ tool: registration.name, caller });
      onCall(registration.name);
      return { value: { owner: caller.email }, source: { title: registration.name, kind: 'tool', tool: registration.name } };
    },
    forwardsCaller: (registration) => registration.classPath === 'mcp.http',
  };
}

describeEachDialect('the run caller', (dialect) => {
  const h: DbHarness = useDbHarness(dialect);

  const TOOLS = [
    ['matters', 'mcp.http'],
    ['rates', 'http.json'],
  ];

  /** An organization with a per-user tool (`mcp.http`) and a shared one (`http.json`). */
  async function orgWithTools(): Promise<TestOrg> {
    const org = await buildOrg(h.db);
    for (const [name, classPath] of TOOLS) {
      await h.contextFor(org).repos.toolRegistrations.insert(org.id, {
        id: newId('tool'),
        name,
        category: 'c',
        classPath,
        config: { url: 'https://tools.example/x', tool: 't' },
        createdBy: null,
        createdAt: FIXED_NOW,
        updatedAt: FIXED_NOW,
      });
    }
    return org;
  }

  /** A document with a need on each of the organization's tools. */
  async function documentWithTools(org: TestOrg) {
    const doc = await buildDocument(h.db, { orgId: org.id, config: { verify: { enabled: false } } });
    await buildSection(h.db, { orgId: org.id, documentId: doc.id, key: 'who', title: 'Who', outputTemplate: 'For {{ matters.owner }}' });
    for (const [name] of TOOLS) await buildDataNeed(h.db, { orgId: org.id, documentId: doc.id, kind: 'tool', outputKey: name, toolRef: name, args: {} });
    return doc;
  }

  async function start(
    org: TestOrg,
    documentId: string,
    actor: { bearerToken: string; bearerTokenExpiresAt: string | null } = { bearerToken: TOKEN, bearerTokenExpiresAt: EXPIRES },
  ) {
    const jobs = new RecordingQueue();
    const answer = await startGeneration(h.contextFor(org, actor), { jobs, secretKey: KEY }, documentId, {});
    expect(answer.started).toBe(true);
    return jobs.enqueued[0].payload as GenerateJobPayload;
  }

  const services = (tools: ToolGateway, model = new FakeModelGateway(), secretKey = KEY) => ({
    model,
    tools,
    jobs: new RecordingQueue(),
    contextFor: (actor: Parameters<typeof createContext>[1]) => createContext(h.db, actor, h.clock),
    price: { inputPerMTok: 0, outputPerMTok: 0 },
    secretKey,
  });
  const credentials = () => h.db.selectFrom('run_credentials').selectAll().execute();
  const eventsOf = async (org: TestOrg, documentId: string) => h.contextFor(org).repos.runEvents.listSince(org.id, documentId, 0);

  it('seals the token with the run, expiring with it; only the per-user tool receives it, and finishing erases it', async () => {
    const org = await orgWithTools();
    const doc = await documentWithTools(org);
    const payload = await start(org, doc.id);

    const stored = await credentials();
    expect(stored).toEqual([{ run_id: payload.runId, org_id: org.id, sealed: expect.stringMatching(/^v1\./), expires_at: EXPIRES, created_at: FIXED_NOW }]);
    expect(JSON.stringify(stored)).not.toContain('the-signature-of-the-caller');
    expect(JSON.stringify(payload)).not.toContain('the-signature-of-the-caller');

    const tools = recordingTools();
    await runGeneration(services(tools), payload);

    expect(tools.calls.map((c) => [c.tool, c.caller.bearerToken])).toEqual(
      expect.arrayContaining([
        ['matters', TOKEN],
        ['rates', ''],
      ]),
    );
    expect(tools.calls.find((c) => c.tool === 'matters')?.caller).toEqual({
      bearerToken: TOKEN,
      subject: 'test-user',
      email: 'tester@example.com',
      orgSlug: org.slug,
    });
    expect((await eventsOf(org, doc.id)).at(-1)?.event).toBe('pipeline_finished');
    expect(await credentials()).toEqual([]);
  });

  it('erases the credential whichever way the run ends: failed, blocked, orphaned, shut down, document deleted', async () => {
    const org = await buildOrg(h.db);
    const failing = new FakeModelGateway({
      writeSection: () => {
        throw new Error('the model provider answered 503');
      },
    });
    const failed = await buildDocument(h.db, { orgId: org.id, config: { verify: { enabled: false } } });
    await buildSection(h.db, { orgId: org.id, documentId: failed.id, key: 's', title: 'S', renderMode: 'synthesized', outputTemplate: null, prompt: 'p' });
    await runGeneration(services(recordingTools(), failing), await start(org, failed.id));
    expect((await eventsOf(org, failed.id)).at(-1)?.event).toBe('pipeline_failed');

    const blocked = await buildDocument(h.db, { orgId: org.id, config: { verify: { enabled: false } } });
    await buildField(h.db, { orgId: org.id, documentId: blocked.id, key: 'client', value: '', isRequired: true });
    await buildSection(h.db, { orgId: org.id, documentId: blocked.id, key: 's', title: 'S', outputTemplate: 'Dear {{ client }}' });
    await runGeneration(services(recordingTools()), await start(org, blocked.id));
    expect((await eventsOf(org, blocked.id)).at(-1)?.event).toBe('pipeline_blocked');
    expect(await credentials()).toEqual([]);

    for (const reason of ['the process running this generation stopped before it finished', 'the service shut down before this generation finished']) {
      const orphan = await buildDocument(h.db, { orgId: org.id });
      const payload = await start(org, orphan.id);
      expect(await credentials()).toHaveLength(1);
      await failOrphanedRun(services(recordingTools()), payload, reason);
      expect((await eventsOf(org, orphan.id)).at(-1)).toMatchObject({ event: 'pipeline_failed', error: reason });
      expect(await credentials()).toEqual([]);
    }

    const deleted = await buildDocument(h.db, { orgId: org.id });
    await start(org, deleted.id);
    await h.db.deleteFrom('documents').where('id', '=', deleted.id).execute();
    expect(await credentials()).toEqual([]);
  });

  it('fails the per-user need, naming why, when the token expired or cannot be decrypted — never calling the tool with an empty token', async () => {
    const org = await orgWithTools();
    const cases: Array<[string, (payload: GenerateJobPayload) => Promise<ReturnType<typeof services>>, RegExp]> = [
      [
        'expired',
        async () => {
          h.clock.set('2026-03-14T10:30:00.000Z');
          return services(recordingTools());
        },
        /^per-user tool "matters" cannot act for tester@example\.com: the caller's token expired at 2026-03-14T10:30:00\.000Z; generate again/,
      ],
      [
        'another key',
        async () => services(recordingTools(), undefined, secretKeyFrom(randomBytes(32))),
        /cannot be decrypted: sealed under another secret key \(QUIRE_SECRET_KEY differs/,
      ],
      [
        'altered',
        async (payload) => {
          const row = await h.db.selectFrom('run_credentials').select('sealed').where('run_id', '=', payload.runId).executeTakeFirstOrThrow();
          const parts = row.sealed.split('.');
          parts[3] = `A${parts[3].slice(1)}` === parts[3] ? `B${parts[3].slice(1)}` : `A${parts[3].slice(1)}`;
          await h.db
            .updateTable('run_credentials')
            .set({ sealed: parts.join('.') })
            .where('run_id', '=', payload.runId)
            .execute();
          return services(recordingTools());
        },
        /cannot be decrypted: the sealed value was altered/,
      ],
    ];
    for (const [name, prepare, why] of cases) {
      h.clock.set(FIXED_NOW);
      const doc = await documentWithTools(org);
      const payload = await start(org, doc.id);
      const run = await prepare(payload);
      await runGeneration(run, payload);
      const failed = (await eventsOf(org, doc.id)).find((e) => e.event === 'need_failed' && e.outputKey === 'matters');
      expect(failed?.error, name).toMatch(why);
      expect(JSON.stringify(failed)).not.toContain('the-signature-of-the-caller');
      const tools = (run.tools as ReturnType<typeof recordingTools>).calls;
      expect(
        tools.map((c) => c.tool),
        name,
      ).toEqual(['rates']);
      expect(await credentials(), name).toEqual([]);
    }
    h.clock.set(FIXED_NOW);
  });

  it('stops using the token the moment it expires during the run: a per-user need after that fails naming the expiry', async () => {
    const org = await orgWithTools();
    const doc = await buildDocument(h.db, { orgId: org.id, config: { verify: { enabled: false } } });
    await buildSection(h.db, { orgId: org.id, documentId: doc.id, key: 'who', title: 'Who', outputTemplate: 'For {{ matters.owner }}' });
    await buildDataNeed(h.db, { orgId: org.id, documentId: doc.id, kind: 'tool', outputKey: 'rates', toolRef: 'rates', args: {} });
    await buildDataNeed(h.db, { orgId: org.id, documentId: doc.id, kind: 'tool', outputKey: 'matters', toolRef: 'matters', args: {}, dependsOn: ['rates'] });
    const payload = await start(org, doc.id);
    // The shared tool answers as the token's `exp` passes; the per-user need runs after it.
    const tools = recordingTools((tool) => {
      if (tool === 'rates') h.clock.set(EXPIRES);
    });
    try {
      await runGeneration(services(tools), payload);
    } finally {
      h.clock.set(FIXED_NOW);
    }
    const failed = (await eventsOf(org, doc.id)).find((e) => e.event === 'need_failed' && e.outputKey === 'matters');
    expect(failed?.error).toBe(
      `per-user tool "matters" cannot act for tester@example.com: the caller's token expired at ${EXPIRES}; generate again to run it with a fresh token`,
    );
    expect(tools.calls.map((c) => c.tool)).toEqual(['rates']);
  });

  it("keeps nothing for a caller without a token, and one organization never opens another's credential", async () => {
    const org = await orgWithTools();
    const doc = await documentWithTools(org);
    await start(org, doc.id, { bearerToken: '', bearerTokenExpiresAt: null });
    expect(await credentials()).toEqual([]);

    const other = await buildOrg(h.db);
    const second = await documentWithTools(org);
    const payload = await start(org, second.id);
    expect(await recallRunCaller(h.contextFor(other), KEY, { orgSlug: other.slug, runId: payload.runId })).toEqual({
      caller: null,
      unavailable: 'no token of the caller was kept for this run',
    });
    expect(await recallRunCaller(h.contextFor(org), KEY, { orgSlug: org.slug, runId: payload.runId })).toMatchObject({ caller: { bearerToken: TOKEN } });
  });
});
