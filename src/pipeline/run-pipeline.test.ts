/**
 * The pipeline façade over fake ports: which events a watcher sees and in what order, the
 * readiness gate, what reaches the model, and how a failure surfaces (the runner turns the
 * thrown error into `pipeline_failed`).
 */
import { describe, expect, it } from 'vitest';
import { TERMINAL_EVENTS } from './events.js';
import type { Readiness } from './readiness.js';
import { type PipelineInput, type PipelinePorts, runPipeline } from './run-pipeline.js';
import type { RenderSection } from './stages/render.js';
import { FakeModelGateway, gatherNeed, pipelineInput, pipelinePorts } from './test-support/fake-ports.js';
import { sourceFactComputations } from './verify/check-citations.js';

function section(overrides: Partial<RenderSection> & { id: string }): RenderSection {
  return { key: overrides.id, title: `Title ${overrides.id}`, renderMode: 'templated', outputType: 'markdown', prompt: null, outputTemplate: '', ...overrides };
}

const BLOCKED: Readiness = {
  generation_should_proceed: false,
  ui_state: 'needs_input',
  gaps: [
    { kind: 'required_field_missing', message: 'Fill in the required field "Client"', subjectType: 'field', subjectId: 'fld_1', key: 'client', blocking: true },
  ],
};

/** A run without intake text whose document loads as `input` (orchestration: run-pipeline-orchestrate.test.ts). */
function run(input: PipelineInput, ports: PipelinePorts) {
  return runPipeline({ intakeText: null }, { ...ports, loadInput: async () => input });
}

describe('runPipeline', () => {
  it('emits started → gather → render in order and leaves the terminal event to the runner', async () => {
    const { ports, recorder } = pipelinePorts();
    const input = pipelineInput({
      fields: { client: 'Globex' },
      needs: [gatherNeed({ outputKey: 'rate', args: { value: '120 EUR' } })],
      sections: [
        section({ id: 'intro', outputTemplate: 'Dear {{ client }}' }),
        section({ id: 'body', renderMode: 'synthesized', prompt: 'Write about {{ client }}' }),
      ],
      config: { ...pipelineInput().config, render: { concurrency: 1 } },
    });

    const result = await run(input, ports);

    expect(result.status).toBe('rendered');
    expect(recorder.names()).toEqual(['pipeline_started', 'gather_started', 'need_started', 'need_finished', 'render_started', 'render_started']);
    expect(recorder.events.filter((e) => e.event === 'render_started')).toEqual([
      { event: 'render_started', sectionId: 'intro' },
      { event: 'render_started', sectionId: 'body' },
    ]);
    expect(recorder.names().filter((name) => TERMINAL_EVENTS.has(name))).toEqual([]);
  });

  it('a readiness gap ends the run with pipeline_blocked before anything is gathered or written', async () => {
    const { ports, recorder, model, gatherCalls } = pipelinePorts();
    const input = pipelineInput({
      readiness: BLOCKED,
      needs: [gatherNeed({ outputKey: 'rate' })],
      sections: [section({ id: 'body', renderMode: 'synthesized' })],
    });

    const result = await run(input, ports);

    expect(result).toEqual({ status: 'blocked', input });
    expect(recorder.events).toEqual([{ event: 'pipeline_started' }, { event: 'pipeline_blocked', readiness: BLOCKED }]);
    expect(model.calls).toEqual([]);
    expect(gatherCalls).toEqual([]);
  });

  it('a failed data-need fails the run (the runner reports pipeline_failed) and nothing is rendered', async () => {
    const { ports, recorder, model } = pipelinePorts(new FakeModelGateway(), {
      tools: {
        rates: () => {
          throw new Error('rates service answered 503');
        },
      },
    });
    const input = pipelineInput({
      needs: [gatherNeed({ outputKey: 'rate', kind: 'tool', toolRef: 'rates', args: {} })],
      sections: [section({ id: 'body', renderMode: 'synthesized' })],
    });

    await expect(run(input, ports)).rejects.toThrow('data-needs failed: rate (rates service answered 503)');
    expect(recorder.names()).toEqual(['pipeline_started', 'gather_started', 'need_started', 'need_failed']);
    expect(model.callsOf('writeSection')).toEqual([]);
  });

  it('a template that cannot render fails the run, naming the section', async () => {
    const { ports } = pipelinePorts();
    const input = pipelineInput({ sections: [section({ id: 'intro', title: 'Introduction', outputTemplate: '{{ 1 | no_such_filter }}' })] });
    await expect(run(input, ports)).rejects.toThrow(/section "Introduction"/);
  });

  it('synthesizes once over fields, gathered and computed values, and templates read the result', async () => {
    const model = new FakeModelGateway({ synthesize: (i) => ({ summary: `${i.fields.client} owes ${String(i.computed.total)}` }) });
    const { ports, recorder } = pipelinePorts(model);
    const input = pipelineInput({
      fields: { client: 'Globex', hours: '10' },
      needs: [gatherNeed({ outputKey: 'rate', args: { value: 120 } })],
      computations: { total: '$number(fields.hours) * rate' },
      sections: [section({ id: 'summary', outputTemplate: '{{ synthesized.summary }} (total {{ computed.total }})' })],
      config: { ...pipelineInput().config, synthesis: { enabled: true, instructions: 'Be brief', schema: null }, brief: { text: 'For the partner' } },
    });

    const result = await run(input, ports);

    expect(recorder.names()).toContain('synthesize_started');
    expect(recorder.names().indexOf('synthesize_started')).toBeLessThan(recorder.names().indexOf('render_started'));
    const calls = model.callsOf('synthesize');
    expect(calls).toHaveLength(1);
    expect(calls[0].input).toMatchObject({
      fields: { client: 'Globex', hours: '10' },
      gathered: { rate: 120 },
      computed: { total: 1200 },
      brief: 'For the partner',
      instructions: 'Be brief',
    });
    if (result.status !== 'rendered') throw new Error('expected a rendered result');
    expect(result.rendered.map((r) => r.content)).toEqual(['Globex owes 1200 (total 1200)']);
    expect(result.synthesized).toMatchObject({ value: { summary: 'Globex owes 1200' }, model: 'fake-model', mode: 'fake' });
  });

  it('renders only the requested sections; the others keep their output and templates can read it', async () => {
    const { ports, recorder } = pipelinePorts();
    const sections = [
      section({ id: 'intro', key: 'intro', outputTemplate: 'new intro' }),
      section({ id: 'recap', key: 'recap', outputTemplate: 'Recap of: {{ sections.intro }}' }),
    ];
    const input = pipelineInput({ sections, renderSectionIds: new Set(['recap']), currentOutputs: { intro: 'the kept intro', recap: null } });

    const result = await run(input, ports);

    if (result.status !== 'rendered') throw new Error('expected a rendered result');
    expect(result.rendered).toEqual([expect.objectContaining({ sectionId: 'recap', content: 'Recap of: the kept intro' })]);
    expect(recorder.events.filter((e) => e.event === 'render_started')).toEqual([{ event: 'render_started', sectionId: 'recap' }]);
  });

  it('reports unfilled placeholders as incomplete, section by section', async () => {
    const { ports } = pipelinePorts();
    const input = pipelineInput({
      fields: { client: 'Globex' },
      sections: [section({ id: 'a', outputTemplate: '{{ client }}' }), section({ id: 'b', outputTemplate: 'Signed by {{ signatory }}' })],
    });

    const result = await run(input, ports);

    if (result.status !== 'rendered') throw new Error('expected a rendered result');
    expect(result.completeness).toEqual({ complete: false, missingPlaceholders: [{ sectionId: 'b', names: ['signatory'] }] });
    expect(result.rendered[1].content).toContain('[[missing: signatory]]');
  });

  it('verifies cited sections and flags a claim its source does not support', async () => {
    const model = new FakeModelGateway({ writeSection: () => 'The hourly rate is 150 EUR [1].' });
    const { ports, recorder } = pipelinePorts(model);
    const input = pipelineInput({
      needs: [gatherNeed({ outputKey: 'rate', args: { value: 'The hourly rate is 120 EUR.', source: { title: 'Rate card' } } })],
      sections: [section({ id: 'fees', title: 'Fees', renderMode: 'synthesized', prompt: 'State the rate' })],
      config: { ...pipelineInput().config, verify: { enabled: true, judge: 'deterministic' } },
    });

    const result = await run(input, ports);

    expect(recorder.names().slice(-3)).toEqual(['verify_started', 'verify_section_started', 'verify_section_finished']);
    expect(recorder.events.at(-1)).toEqual({ event: 'verify_section_finished', sectionId: 'fees', supported: false });
    if (result.status !== 'rendered') throw new Error('expected a rendered result');
    expect(result.unsupported).toEqual([
      {
        sectionId: 'fees',
        title: 'Fees',
        claims: [expect.objectContaining({ sentence: 'The hourly rate is 150 EUR.', citations: [1], missing: expect.arrayContaining(['150']) })],
      },
    ]);
    expect(model.callsOf('writeSection')[0].input.sources).toEqual([{ n: 1, title: 'Rate card', text: 'The hourly rate is 120 EUR.' }]);
  });

  it("checks claims against the form's values and computed decisions, and gives them to the judge (issue 31, row 7)", async () => {
    const model = new FakeModelGateway({
      writeSection: () => 'The last penetration test, on 1 March 2024, is older than the 12 months the baseline allows [1]. The test requirement is met [1].',
    });
    const { ports } = pipelinePorts(model);
    const input = pipelineInput({
      fields: { last_pentest_date: '2024-03-01' },
      fieldDefinitions: [{ key: 'last_pentest_date', label: 'Date of the last penetration test', valueType: 'date', options: null }],
      computations: { test_requirement: "'not met'" },
      needs: [
        gatherNeed({ outputKey: 'baseline', args: { value: 'Penetration tests must be performed at least every 12 months.', source: { title: 'Baseline' } } }),
      ],
      sections: [section({ id: 'findings', title: 'Findings', renderMode: 'synthesized', prompt: 'Findings' })],
      config: { ...pipelineInput().config, verify: { enabled: true, judge: 'auto' } },
    });

    const result = await run(input, ports);

    if (result.status !== 'rendered') throw new Error('expected a rendered result');
    // The form's date passes; the sentence stating another verdict than the computed one does not.
    expect(result.unsupported).toEqual([
      {
        sectionId: 'findings',
        title: 'Findings',
        claims: [expect.objectContaining({ sentence: 'The test requirement is met.', reason: 'Contradicts test requirement: not met' })],
      },
    ]);
    expect(model.callsOf('judgeClaims')[0].input.facts).toEqual([
      { label: 'Date of the last penetration test', value: '1 March 2024' },
      { label: 'test requirement', value: 'not met' },
    ]);
  });

  it("reads the sources' facts for the checks while the synthesis call is under way, not when the sections come back", async () => {
    const texts = [`The hourly rate is 120 EUR (${Math.random()}).`, `Agreed on 3 March 2026 (${Math.random()}).`];
    const before = sourceFactComputations();
    let readDuringSynthesis: number | undefined;
    class SlowSynthesis extends FakeModelGateway {
      override async synthesize(i: Parameters<FakeModelGateway['synthesize']>[0]) {
        // The call is under way: the checks' reads of both sources must come before it answers.
        await expect.poll(() => sourceFactComputations() - before, { timeout: 10_000, interval: 5 }).toBe(2);
        readDuringSynthesis = sourceFactComputations() - before;
        return super.synthesize(i);
      }
    }
    const model = new SlowSynthesis({ writeSection: () => 'The hourly rate is 120 EUR [1].' });
    const { ports } = pipelinePorts(model);
    const input = pipelineInput({
      needs: texts.map((value, i) => gatherNeed({ outputKey: `source_${i}`, args: { value, source: { title: `Source ${i}` } } })),
      sections: [section({ id: 'fees', renderMode: 'synthesized', prompt: 'State the rate' })],
      config: { ...pipelineInput().config, synthesis: { enabled: true, instructions: null, schema: null }, verify: { enabled: true, judge: 'deterministic' } },
    });

    const result = await run(input, ports);

    expect(readDuringSynthesis).toBe(2);
    // The check found them read: nothing more was read after the synthesis.
    expect(sourceFactComputations() - before).toBe(2);
    expect(result.status === 'rendered' && result.unsupported).toEqual([]);
  });

  it("stage events begin in lifecycle order while checks overlap rendering, and the judge's usage counts", async () => {
    const model = new FakeModelGateway({
      writeSection: () => 'The hourly rate is 120 EUR [1].',
      judge: (i) => i.claims.map((c) => ({ sentence: c.sentence, supported: true, reason: 'stated in the rate card' })),
    });
    const { ports, recorder } = pipelinePorts(model);
    const input = pipelineInput({
      needs: [gatherNeed({ outputKey: 'rate', args: { value: 'The hourly rate is 120 EUR.', source: { title: 'Rate card' } } })],
      sections: ['a', 'b', 'c', 'd'].map((id) => section({ id, renderMode: 'synthesized', prompt: `Write ${id}` })),
      config: {
        ...pipelineInput().config,
        synthesis: { enabled: true, instructions: null, schema: null },
        verify: { enabled: true, judge: 'model' },
        render: { concurrency: 2 },
      },
    });

    const result = await run(input, ports);

    const names = recorder.names();
    const firsts = (['pipeline_started', 'gather_started', 'synthesize_started', 'render_started', 'verify_started', 'verify_section_started'] as const).map(
      (n) => names.indexOf(n),
    );
    expect(firsts.every((p) => p >= 0)).toBe(true);
    expect([...firsts].sort((x, y) => x - y)).toEqual(firsts);
    expect(names.filter((n) => n === 'verify_started')).toHaveLength(1);
    expect(names.filter((n) => n === 'verify_section_finished')).toHaveLength(4);
    if (result.status !== 'rendered') throw new Error('expected a rendered result');
    expect(result.unsupported).toEqual([]);
    // 9 fake calls (synthesis, four sections, four judge calls) × {10 in, 5 out}
    expect(result.usage).toEqual({ inputTokens: 90, outputTokens: 45 });
  });

  it('adds up model usage across gather, synthesis and render', async () => {
    const { ports } = pipelinePorts();
    const input = pipelineInput({
      needs: [gatherNeed({ outputKey: 'angle', kind: 'llm', promptBody: 'Pick an angle', args: null })],
      sections: [section({ id: 'a', renderMode: 'synthesized' }), section({ id: 'b', renderMode: 'synthesized' })],
      config: { ...pipelineInput().config, synthesis: { enabled: true, instructions: null, schema: null } },
    });

    const result = await run(input, ports);

    if (result.status !== 'rendered') throw new Error('expected a rendered result');
    // 4 fake calls (llm need, synthesis, two sections) × {10 in, 5 out}
    expect(result.usage).toEqual({ inputTokens: 40, outputTokens: 20 });
  });
});
