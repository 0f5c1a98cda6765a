/**
 * Reproduce and diff on a real database (both dialects) for a snapshot pinned before model
 * outputs were recorded: the templated section still reproduces, the synthesized one is
 * `not_replayable` with a reason, no model is called, and nothing answers with an error.
 */
import { expect, it } from 'vitest';
import { FakeModelGateway } from '../../../pipeline/test-support/fake-ports.js';
import { useDbHarness } from '../../../../test/support/db-harness.js';
import { describeEachDialect } from '../../../../test/support/dialects.js';
import { buildDocument, buildOrg } from '../../../../test/support/factories.js';
import { diffGenerationSnapshots } from '../queries/diff-generation-snapshots.js';
import { reproduceGeneration } from './reproduce-generation.js';

const SECTIONS = [
  { id: 'sec_intro', key: 'intro', title: 'Intro', renderMode: 'templated', outputType: 'markdown', prompt: null, outputTemplate: 'Dear {{ client }}' },
  { id: 'sec_body', key: 'body', title: 'Body', renderMode: 'synthesized', outputType: 'markdown', prompt: 'About {{ client }}', outputTemplate: null },
];

function legacyManifest(client: string): Record<string, unknown> {
  return {
    engineVersion: 'quire-pipeline/1',
    template: { id: null, specHash: 'x'.repeat(64) },
    fieldValues: { client },
    gathered: [],
    sections: SECTIONS,
    renderContext: { client, fields: { client }, gathered: {}, computed: {}, synthesized: {}, today: '2026-01-01' },
    voice: null,
    brief: {},
  };
}

describeEachDialect('reproduce and diff of a legacy generation snapshot', (dialect) => {
  const h = useDbHarness(dialect);

  it('reports the synthesized section as not_replayable, reproduces the templated one, and calls no model', async () => {
    const org = await buildOrg(h.db);
    const doc = await buildDocument(h.db, { orgId: org.id });
    const ctx = h.contextFor(org);
    for (const [id, runNumber, client] of [
      ['gsn_a', 1, 'Globex'],
      ['gsn_b', 2, 'Initech'],
    ] as const) {
      await ctx.repos.generationSnapshots.insert(org.id, {
        id,
        documentId: doc.id,
        runId: `run_${id}`,
        runNumber,
        manifest: legacyManifest(client),
        output: {
          sections: [
            { sectionId: 'sec_intro', key: 'intro', title: 'Intro', content: `Dear ${client}` },
            { sectionId: 'sec_body', key: 'body', title: 'Body', content: 'Some prose.' },
          ],
        },
        manifestHash: 'h'.repeat(64),
        createdAt: '2026-01-01T00:00:00.000Z',
      });
    }
    const model = new FakeModelGateway();
    const result = await reproduceGeneration(ctx, model, doc.id, 'gsn_a', { mode: 'offline' });
    expect(model.calls).toEqual([]);
    expect(result.identical).toBe(false);
    expect(result.modelCalls).toBe(0);
    expect(result.sections.map((s) => [s.key, s.outcome, s.identical])).toEqual([
      ['intro', 'identical', true],
      ['body', 'not_replayable', false],
    ]);
    expect(result.sections[1].reason).toMatch(/model output/);
    expect(result.sections[1].content).toBeNull();

    const diff = await diffGenerationSnapshots(ctx, doc.id, 'gsn_a', 'gsn_b');
    const intro = diff.sections.find((s) => s.key === 'intro');
    expect(intro?.changed).toBe(true);
    // No per-section record: the cause comes from the manifest-wide field values.
    expect(intro?.causes).toContainEqual(expect.objectContaining({ kind: 'fields', keys: ['client'] }));
    expect(diff.sections.find((s) => s.key === 'body')?.changed).toBe(false);
  });
});
