/**
 * The run comparison shows, for each changed section, every changed input with its before and
 * after value and a word-level diff of the text (issue 31, item 5). One use case on a real
 * database (both dialects): two real runs of the pipeline with a field changed between them; the
 * route only passes the query's answer through (moved from test/e2e, ADR 0761).
 */
import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { secretKeyFrom } from '../../../kernel/secret-box.js';
import type { ToolGateway } from '../../../pipeline/ports.js';
import { FakeModelGateway } from '../../../pipeline/test-support/fake-ports.js';
import { useDbHarness } from '../../../../test/support/db-harness.js';
import { describeEachDialect } from '../../../../test/support/dialects.js';
import { RecordingQueue } from '../../../../test/support/recording-queue.js';
import { buildDocument, buildField, buildOrg, buildSection } from '../../../../test/support/factories.js';
import type { CommandContext } from '../../context.js';
import { createContext } from '../../context.js';
import { replaceFields } from '../../documents/fields/commands/replace-fields.js';
import { startGeneration } from '../../generation/commands/start-generation.js';
import type { GenerateJobPayload } from '../../generation/generate-job-payload.js';
import { runGeneration } from '../../generation/run-generation.js';
import { diffGenerationSnapshots } from './diff-generation-snapshots.js';
import { pageOf } from '../../paging.js';
import { listGenerationSnapshots } from './list-history.js';

const SECRET_KEY = secretKeyFrom(randomBytes(32));
const NO_TOOLS: ToolGateway = {
  call: async () => {
    throw new Error('no tools in this test');
  },
  forwardsCaller: () => false,
};

describeEachDialect('run comparison: values and text diff', (dialect) => {
  const h = useDbHarness(dialect);

  /** One run of the pipeline as the generate job runs it, carried to its terminal event. */
  async function generate(ctx: CommandContext, documentId: string): Promise<void> {
    const jobs = new RecordingQueue();
    await startGeneration(ctx, { jobs, secretKey: SECRET_KEY }, documentId, {});
    const services = {
      model: new FakeModelGateway(),
      tools: NO_TOOLS,
      jobs,
      contextFor: (actor: Parameters<typeof createContext>[1]) => createContext(h.db, actor, h.clock),
      price: { inputPerMTok: 0, outputPerMTok: 0 },
      secretKey: SECRET_KEY,
    };
    await runGeneration(services, jobs.enqueued[0].payload as GenerateJobPayload);
    const events = await ctx.repos.runEvents.listSince(ctx.actor.org.orgId, documentId, 0);
    expect(events.at(-1)?.event).toBe('pipeline_finished');
  }

  it('names each changed input with its two values and marks the changed words', async () => {
    const org = await buildOrg(h.db);
    const ctx = h.contextFor(org);
    const doc = await buildDocument(h.db, { orgId: org.id, config: { verify: { enabled: false } } });
    await buildField(h.db, { orgId: org.id, documentId: doc.id, key: 'client_name', value: 'Contoso GmbH' });
    await buildField(h.db, { orgId: org.id, documentId: doc.id, key: 'fee', value: '£1,000' });
    await buildSection(h.db, {
      orgId: org.id,
      documentId: doc.id,
      key: 'introduction',
      title: 'Introduction',
      outputTemplate: 'We act for {{ client_name }} from 1 December.',
    });
    await buildSection(h.db, { orgId: org.id, documentId: doc.id, key: 'fees', title: 'Fees', outputTemplate: 'Our fee is {{ fee }}.' });

    await generate(ctx, doc.id);
    await replaceFields(ctx, doc.id, { client_name: 'Fabrikam AG' });
    await generate(ctx, doc.id);
    const [to, from] = (await listGenerationSnapshots(ctx, doc.id, pageOf({}))).items;
    const diff = await diffGenerationSnapshots(ctx, doc.id, from.id, to.id);
    const byKey = Object.fromEntries(diff.sections.map((s) => [s.key, s]));

    expect(byKey.introduction.status).toBe('changed');
    expect(byKey.introduction.inputs).toEqual([{ path: 'fields.client_name', before: 'Contoso GmbH', after: 'Fabrikam AG' }]);
    const marked = (op: string) => byKey.introduction.textDiff.filter((p) => p.op === op).map((p) => p.text);
    expect(marked('delete')).toEqual(['Contoso', 'GmbH']);
    expect(marked('insert')).toEqual(['Fabrikam', 'AG']);
    expect(marked('equal').join('')).toBe('We act for   from 1 December.');

    expect(byKey.fees.status).toBe('unchanged');
    expect(byKey.fees.inputs).toEqual([]);
    expect(byKey.fees.textDiff).toEqual([]);
  });
});
