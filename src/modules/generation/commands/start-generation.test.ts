/**
 * startGeneration on a real database (both dialects): one active run per document, the 409 on
 * hand-edited sections, the queued job, tenancy — and the queued run carried to its terminal
 * event by runGeneration with a fake model (a model failure ends the run with pipeline_failed).
 */
import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { secretKeyFrom } from '../../../kernel/secret-box.js';
import { DomainValidationError, GenerateConflictError, NotFoundError } from '../../../kernel/errors.js';
import type { ToolGateway } from '../../../pipeline/ports.js';
import { FakeModelGateway } from '../../../pipeline/test-support/fake-ports.js';
import { FIXED_NOW, type DbHarness, useDbHarness } from '../../../../test/support/db-harness.js';
import { describeEachDialect } from '../../../../test/support/dialects.js';
import { RecordingQueue } from '../../../../test/support/recording-queue.js';
import { type TestOrg, buildDocument, buildField, buildOrg, buildSection } from '../../../../test/support/factories.js';
import { createContext } from '../../context.js';
import type { GenerateJobPayload } from '../generate-job-payload.js';
import { runGeneration } from '../run-generation.js';
import { startGeneration } from './start-generation.js';

const SECRET_KEY = secretKeyFrom(randomBytes(32));

const NO_TOOLS: ToolGateway = {
  call: async () => {
    throw new Error('no tools in this test');
  },
  forwardsCaller: () => false,
};

function services(h: DbHarness, model: FakeModelGateway) {
  return {
    model,
    tools: NO_TOOLS,
    jobs: new RecordingQueue(),
    contextFor: (actor: Parameters<typeof createContext>[1]) => createContext(h.db, actor, h.clock),
    price: { inputPerMTok: 0, outputPerMTok: 0 },
    secretKey: SECRET_KEY,
  };
}

describeEachDialect('startGeneration', (dialect) => {
  const h = useDbHarness(dialect);

  async function documentIn(org: TestOrg) {
    const doc = await buildDocument(h.db, { orgId: org.id, config: { verify: { enabled: false } } });
    await buildField(h.db, { orgId: org.id, documentId: doc.id, key: 'client', value: 'Globex' });
    const intro = await buildSection(h.db, { orgId: org.id, documentId: doc.id, key: 'intro', title: 'Introduction', outputTemplate: 'Dear {{ client }}' });
    const scope = await buildSection(h.db, {
      orgId: org.id,
      documentId: doc.id,
      key: 'scope',
      title: 'Scope',
      renderMode: 'synthesized',
      outputTemplate: null,
      prompt: 'Scope for {{ client }}',
    });
    return { doc, intro, scope };
  }

  it('starts run 1 and queues one job with a deterministic id and the organization in its payload', async () => {
    const org = await buildOrg(h.db);
    const { doc } = await documentIn(org);
    const ctx = h.contextFor(org);
    const jobs = new RecordingQueue();

    const answer = await startGeneration(ctx, { jobs: jobs, secretKey: SECRET_KEY }, doc.id, {});

    expect(answer).toEqual({ started: true, alreadyRunning: false, documentId: doc.id, progressUrl: `/v1/documents/${doc.id}/progress`, runId: 1 });
    expect(jobs.enqueued).toEqual([
      {
        name: 'generate-document',
        id: `generate:${doc.id}:1`,
        payload: { orgId: org.id, orgSlug: org.slug, orgName: org.displayName, documentId: doc.id, runId: expect.any(String) },
      },
    ]);
    expect(await ctx.repos.runs.findActive(org.id, doc.id)).toMatchObject({
      runNumber: 1,
      kind: 'generate',
      status: 'running',
      startedAt: FIXED_NOW,
      createdBy: 'tester@example.com',
    });
  });

  it('a second start while a run is active answers alreadyRunning and queues nothing more', async () => {
    const org = await buildOrg(h.db);
    const { doc } = await documentIn(org);
    const jobs = new RecordingQueue();
    await startGeneration(h.contextFor(org), { jobs: jobs, secretKey: SECRET_KEY }, doc.id, {});

    const again = await startGeneration(h.contextFor(org), { jobs: jobs, secretKey: SECRET_KEY }, doc.id, { force: true });

    expect(again).toEqual({ started: false, alreadyRunning: true, documentId: doc.id, progressUrl: `/v1/documents/${doc.id}/progress` });
    expect(jobs.enqueued).toHaveLength(1);
  });

  it('hand-edited sections give a conflict naming them; preserveEdited lets the run start', async () => {
    const org = await buildOrg(h.db);
    const { doc, scope } = await documentIn(org);
    const ctx = h.contextFor(org);
    await ctx.repos.sections.update(org.id, doc.id, scope.id, { content: 'mine', status: 'edited' }, FIXED_NOW);
    const jobs = new RecordingQueue();

    const refused = startGeneration(ctx, { jobs: jobs, secretKey: SECRET_KEY }, doc.id, {});
    await expect(refused).rejects.toBeInstanceOf(GenerateConflictError);
    await expect(refused).rejects.toMatchObject({ editedSectionTitles: ['Scope'] });
    expect(await ctx.repos.runs.findActive(org.id, doc.id)).toBeUndefined();
    expect(jobs.enqueued).toEqual([]);

    expect((await startGeneration(ctx, { jobs: jobs, secretKey: SECRET_KEY }, doc.id, { preserveEdited: true })).started).toBe(true);
  });

  it('a finalized document refuses generation', async () => {
    const org = await buildOrg(h.db);
    const doc = await buildDocument(h.db, { orgId: org.id, state: 'finalized' });
    await expect(startGeneration(h.contextFor(org), { jobs: new RecordingQueue(), secretKey: SECRET_KEY }, doc.id, {})).rejects.toBeInstanceOf(
      DomainValidationError,
    );
  });

  it('a run that cannot be queued is not created and frees the document for the next start', async () => {
    const org = await buildOrg(h.db);
    const { doc } = await documentIn(org);
    const ctx = h.contextFor(org);
    const jobs = new RecordingQueue();
    jobs.failWith = new Error('queue is down');
    await expect(startGeneration(ctx, { jobs: jobs, secretKey: SECRET_KEY }, doc.id, {})).rejects.toThrow('queue is down');
    expect(await ctx.repos.runs.findActive(org.id, doc.id)).toBeUndefined();
    jobs.failWith = null;
    // The run and its job commit together: the failed start left no run behind.
    expect(await startGeneration(ctx, { jobs: jobs, secretKey: SECRET_KEY }, doc.id, {})).toMatchObject({ started: true, runId: 1 });
  });

  it("another organization's document (or section) is not found and no run starts", async () => {
    const owner = await buildOrg(h.db);
    const { doc, intro } = await documentIn(owner);
    const other = await buildOrg(h.db);
    const jobs = new RecordingQueue();
    await expect(startGeneration(h.contextFor(other), { jobs: jobs, secretKey: SECRET_KEY }, doc.id, {})).rejects.toBeInstanceOf(NotFoundError);
    const otherDoc = await buildDocument(h.db, { orgId: other.id });
    await expect(startGeneration(h.contextFor(other), { jobs: jobs, secretKey: SECRET_KEY }, otherDoc.id, { sectionId: intro.id })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    expect(await h.contextFor(owner).repos.runs.findActive(owner.id, doc.id)).toBeUndefined();
    expect(jobs.enqueued).toEqual([]);
  });

  it('the queued run renders the sections and ends with pipeline_finished', async () => {
    const org = await buildOrg(h.db);
    const { doc } = await documentIn(org);
    const ctx = h.contextFor(org);
    const jobs = new RecordingQueue();
    await startGeneration(ctx, { jobs: jobs, secretKey: SECRET_KEY }, doc.id, {});
    const model = new FakeModelGateway({ writeSection: (i) => `Model text for ${i.prompt ?? ''}` });

    await runGeneration(services(h, model), jobs.enqueued[0].payload as GenerateJobPayload);

    const events = await ctx.repos.runEvents.listSince(org.id, doc.id, 0);
    expect(events[0].event).toBe('pipeline_started');
    expect(events.at(-1)?.event).toBe('pipeline_finished');
    expect((await ctx.repos.sections.listByDocument(org.id, doc.id)).map((s) => [s.key, s.content, s.status])).toEqual([
      ['intro', 'Dear Globex', 'generated'],
      ['scope', 'Model text for Scope for Globex', 'generated'],
    ]);
    expect(await ctx.repos.runs.findActive(org.id, doc.id)).toBeUndefined();
  });

  it('a model failure during the run ends it with pipeline_failed and the reason, and frees the document', async () => {
    const org = await buildOrg(h.db);
    const { doc } = await documentIn(org);
    const ctx = h.contextFor(org);
    const jobs = new RecordingQueue();
    await startGeneration(ctx, { jobs: jobs, secretKey: SECRET_KEY }, doc.id, {});
    const payload = jobs.enqueued[0].payload as GenerateJobPayload;
    const failing = new FakeModelGateway({
      writeSection: () => {
        throw new Error('the model provider answered 503');
      },
    });

    await runGeneration(services(h, failing), payload);

    const events = await ctx.repos.runEvents.listSince(org.id, doc.id, 0);
    expect(events.at(-1)).toMatchObject({ event: 'pipeline_failed', error: 'the model provider answered 503' });
    expect(events.filter((e) => e.event === 'pipeline_finished')).toEqual([]);
    expect(await ctx.repos.runs.findById(org.id, payload.runId)).toMatchObject({ status: 'failed', error: 'the model provider answered 503' });
    expect((await startGeneration(ctx, { jobs: jobs, secretKey: SECRET_KEY }, doc.id, {})).started).toBe(true);
  });
});
