/**
 * Progress events written in batches (issue #17), on a real database of both dialects: every
 * event is stored, in order, with strictly increasing seqs, in one write per flush — counted
 * from the statements the database was sent — and a run of many templated sections stores its
 * `render_started` events in a few writes instead of one per section.
 */
import { randomBytes } from 'node:crypto';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { expect, it, vi } from 'vitest';
import { secretKeyFrom } from '../../kernel/secret-box.js';
import type { PipelineEvent } from '../../pipeline/events.js';
import type { ToolGateway } from '../../pipeline/ports.js';
import { FakeModelGateway } from '../../pipeline/test-support/fake-ports.js';
import { type DbHarness, useDbHarness } from '../../../test/support/db-harness.js';
import { describeEachDialect } from '../../../test/support/dialects.js';
import { RecordingQueue } from '../../../test/support/recording-queue.js';
import { type TestOrg, buildDocument, buildOrg, buildSection } from '../../../test/support/factories.js';
import { createContext } from '../context.js';
import { startGeneration } from './commands/start-generation.js';
import type { GenerateJobPayload } from './generate-job-payload.js';
import { runGeneration } from './run-generation.js';
import { RunEventWriter } from './run-event-writer.js';
import type { StoredEvent } from './run-event.repository.js';

const SECRET_KEY = secretKeyFrom(randomBytes(32));
const NO_TOOLS: ToolGateway = {
  call: async () => {
    throw new Error('no tools in this test');
  },
  forwardsCaller: () => false,
};

/**
 * Counts the inserts sent to the database, by table (a transaction's statements included; on
 * PostgreSQL a batch is one statement of data-modifying CTEs, ADR 0712, counted per table it inserts into).
 */
class InsertCounter implements KyselyPlugin {
  readonly inserts = new Map<string, number>();
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const node = args.node;
    if (node.kind === 'InsertQueryNode') {
      const table = node.into?.table.identifier.name ?? '?';
      this.inserts.set(table, (this.inserts.get(table) ?? 0) + 1);
    }
    if (node.kind === 'RawNode') {
      for (const match of node.sqlFragments.join('?').matchAll(/insert into "?(\w+)"?/gi)) this.inserts.set(match[1], (this.inserts.get(match[1]) ?? 0) + 1);
    }
    return node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
  count(table: string): number {
    return this.inserts.get(table) ?? 0;
  }
}

function expectStrictlyIncreasing(events: StoredEvent[]): void {
  for (let i = 1; i < events.length; i++) expect(events[i].seq).toBe(events[i - 1].seq + 1);
}

describeEachDialect('run events written in batches', (dialect) => {
  const h: DbHarness = useDbHarness(dialect);

  /** A queued run of a document with `sections` templated sections; the context counts inserts. */
  async function queuedRun(org: TestOrg, sections: number) {
    const doc = await buildDocument(h.db, { orgId: org.id, config: { verify: { enabled: false } } });
    for (let i = 0; i < sections; i++) {
      await buildSection(h.db, {
        orgId: org.id,
        documentId: doc.id,
        key: `s${i}`,
        title: `Section ${i}`,
        outputTemplate: `Part {{ ${i} + 1 }} of {{ document.title }}`,
      });
    }
    const jobs = new RecordingQueue();
    await startGeneration(h.contextFor(org), { jobs, secretKey: SECRET_KEY }, doc.id, {});
    const counter = new InsertCounter();
    const db = h.db.withPlugin(counter);
    const services = {
      model: new FakeModelGateway(),
      tools: NO_TOOLS,
      jobs: new RecordingQueue(),
      contextFor: (actor: Parameters<typeof createContext>[1]) => createContext(db, actor, h.clock),
      price: { inputPerMTok: 0, outputPerMTok: 0 },
      secretKey: SECRET_KEY,
    };
    const payload = jobs.enqueued[0].payload as GenerateJobPayload;
    const ctx = services.contextFor(h.contextFor(org).actor);
    const run = await ctx.repos.runs.findById(org.id, payload.runId);
    if (!run) throw new Error('the run was not started');
    /** A writer of this run's events into the counted context (`maxDelayMs` long: only flushes write unless the test says). */
    const writerOf = (maxDelayMs = 60_000) =>
      new RunEventWriter(
        (batch) => ctx.repos.runEvents.appendMany(org.id, doc.id, run, batch),
        () => h.clock.now(),
        { maxBatch: 100, maxDelayMs },
      );
    return { doc, payload, counter, services, ctx, run, writerOf };
  }

  it('one write per flush: pipeline_started flushes what was queued, a full batch flushes, seqs strictly increase', async () => {
    const org = await buildOrg(h.db);
    const { doc, counter, ctx, writerOf } = await queuedRun(org, 0);
    const writer = writerOf();

    await writer.emit({ event: 'pipeline_started' });
    expect(counter.count('run_events')).toBe(1);
    for (let i = 0; i < 150; i++) await writer.emit({ event: 'render_started', sectionId: `s${i}` });
    expect(counter.count('run_events')).toBe(2); // the 100th started a flush; 50 are queued
    expect(await ctx.repos.runEvents.listSince(org.id, doc.id, 0)).toHaveLength(101);
    // Queued (ADR 0791): it waits for the next flush, here the runner's.
    await writer.emit({ event: 'verify_started' });
    expect(counter.count('run_events')).toBe(2);
    await writer.flush();

    expect(counter.count('run_events')).toBe(3);
    expect(counter.count('run_event_counters')).toBe(3);
    const stored = await ctx.repos.runEvents.listSince(org.id, doc.id, 0);
    expect(stored).toHaveLength(152);
    expectStrictlyIncreasing(stored);
    expect(stored.map((e) => e.event)).toEqual(['pipeline_started', ...Array.from({ length: 150 }, () => 'render_started'), 'verify_started']);
    expect(stored.filter((e) => e.event === 'render_started').map((e) => e.sectionId)).toEqual(Array.from({ length: 150 }, (_, i) => `s${i}`));
  });

  it('the stage starts that follow one another are written together: gather and synthesis in one write after pipeline_started (ADR 0791)', async () => {
    const org = await buildOrg(h.db);
    const { doc, counter, ctx, writerOf } = await queuedRun(org, 0);
    const writer = writerOf();

    await writer.emit({ event: 'pipeline_started' });
    await writer.emit({ event: 'gather_started' });
    await writer.emit({ event: 'synthesize_started' });
    // Before: each stage start was a write of its own (three here).
    expect(counter.count('run_events')).toBe(1);
    await writer.flush();

    expect(counter.count('run_events')).toBe(2);
    const stored = await ctx.repos.runEvents.listSince(org.id, doc.id, 0);
    expect(stored.map((e) => e.event)).toEqual(['pipeline_started', 'gather_started', 'synthesize_started']);
    expectStrictlyIncreasing(stored);
  });

  it('what is still queued at the end is taken for the terminal write, and given back if that write fails', async () => {
    const org = await buildOrg(h.db);
    const { doc, counter, ctx, writerOf } = await queuedRun(org, 0);
    const writer = writerOf();
    await writer.emit({ event: 'pipeline_started' });
    await writer.emit({ event: 'verify_started' });
    await writer.emit({ event: 'verify_section_started', sectionId: 'a' });

    const taken = await writer.takeQueued();
    expect(taken.map((e) => e.event.event)).toEqual(['verify_started', 'verify_section_started']);
    expect(await writer.takeQueued()).toEqual([]);
    writer.requeue(taken);
    await writer.flush();

    expect(counter.count('run_events')).toBe(2);
    const stored = await ctx.repos.runEvents.listSince(org.id, doc.id, 0);
    expect(stored.map((e) => e.event)).toEqual(['pipeline_started', 'verify_started', 'verify_section_started']);
  });

  it('a queued event is written by the timer without any later flush point', async () => {
    const org = await buildOrg(h.db);
    const { doc, ctx, writerOf } = await queuedRun(org, 0);
    const writer = writerOf(10);

    await writer.emit({ event: 'render_started', sectionId: 'only' });

    await vi.waitFor(
      async () => expect(await ctx.repos.runEvents.listSince(org.id, doc.id, 0)).toMatchObject([{ event: 'render_started', sectionId: 'only', seq: 1 }]),
      { timeout: 10_000 },
    );
  });

  it('a failed write is thrown by the next emit, and nothing of that batch is stored', async () => {
    const org = await buildOrg(h.db);
    const { doc, ctx, run } = await queuedRun(org, 0);
    let fail = true;
    const writer = new RunEventWriter(
      async (batch) => {
        if (fail) throw new Error('the database went away');
        return ctx.repos.runEvents.appendMany(org.id, doc.id, run, batch);
      },
      () => h.clock.now(),
      { maxBatch: 2, maxDelayMs: 60_000 },
    );
    await writer.emit({ event: 'render_started', sectionId: 'a' });
    await expect(writer.emit({ event: 'render_started', sectionId: 'b' })).rejects.toThrow('the database went away');
    fail = false;
    await expect(writer.emit({ event: 'verify_started' } as PipelineEvent)).rejects.toThrow('the database went away');
    expect(await ctx.repos.runEvents.listSince(org.id, doc.id, 0)).toEqual([]);
  });

  it('a run of 120 templated sections stores every render_started, in order, in a few writes', async () => {
    const org = await buildOrg(h.db);
    const { doc, payload, counter, services } = await queuedRun(org, 120);

    await runGeneration(services, payload);

    const stored = await h.contextFor(org).repos.runEvents.listSince(org.id, doc.id, 0);
    expectStrictlyIncreasing(stored);
    const started = stored.filter((e) => e.event === 'render_started');
    expect(started).toHaveLength(120);
    const sections = await h.contextFor(org).repos.sections.listByDocument(org.id, doc.id);
    expect(sections).toHaveLength(120);
    expect(new Set(started.map((e) => e.sectionId))).toEqual(new Set(sections.map((s) => s.id)));
    expect(stored.at(-1)?.event).toBe('pipeline_finished');
    expect(sections.find((s) => s.key === 's7')?.content).toBe('Part 8 of ' + doc.title);
    // Before: one write per event (122 + the terminal one). Now: pipeline_started, the
    // render_started batches (at most 100 each, or what the 50 ms timer caught) with the stage
    // starts, then what is left with the terminal event.
    expect(counter.count('run_events')).toBeLessThan(20);
  });
});
