/** The render stage: the template context, templated output, and sections written by the model port. */
import { describe, expect, it, vi } from 'vitest';
import { templateLane, tenantCodeStats } from '../../tenant-code/tenant-code-pool.js';
import { FakeModelGateway, recordEvents } from '../test-support/fake-ports.js';
import { type RenderOptions, type RenderSection, buildRenderContext, renderSections, renderTemplatedSection } from './render.js';

function section(overrides: Partial<RenderSection> & { id: string }): RenderSection {
  return { key: overrides.id, title: `Title ${overrides.id}`, renderMode: 'templated', outputType: 'markdown', prompt: null, outputTemplate: '', ...overrides };
}

const context = buildRenderContext({
  fields: { client: 'Globex', rate: 'from the field' },
  gathered: { rate: 'from the data-need' },
  computed: { total: 1200 },
  synthesized: null,
  document: { id: 'doc_1', title: 'Engagement letter', description: null, state: 'draft' },
  organization: { slug: 'acme', name: 'Acme LLP' },
  sources: [{ n: 1, title: 'Rate card', url: null }],
  snippets: [],
  sections: { intro: 'Hello.' },
  variables: { tone: 'warm' },
  today: '2026-03-14',
});

const OPTIONS: RenderOptions = {
  concurrency: 2,
  sources: [{ n: 1, title: 'Rate card', text: '120 EUR' }],
  voice: { name: 'Plain', description: null, samples: ['Short sentences.'] },
  brief: { text: 'partner memo' },
  models: {},
};

describe('buildRenderContext', () => {
  it('puts fields and gathered values at the top (gathered wins), with namespaces beside them', () => {
    expect(context).toMatchObject({
      client: 'Globex',
      rate: 'from the data-need',
      fields: { rate: 'from the field' },
      computed: { total: 1200 },
      synthesized: {},
      organization: { name: 'Acme LLP' },
      sections: { intro: 'Hello.' },
      today: '2026-03-14',
    });
  });
});

describe('renderTemplatedSection', async () => {
  it('renders the template over the context, deterministically', async () => {
    const s = section({ id: 'a', outputTemplate: '{{ organization.name }} for {{ client }}: {{ computed.total }} on {{ today }}' });
    const first = await renderTemplatedSection(s, context);
    expect(first).toMatchObject({ sectionId: 'a', content: 'Acme LLP for Globex: 1200 on 2026-03-14', missing: [], model: null });
    expect(await renderTemplatedSection(s, context)).toEqual(first);
  });

  it('prints one full stop where a value ending in one meets the period the template adds', async () => {
    const withAbbreviation = { ...context, client: 'Globex Inc.' };
    const rendered = await renderTemplatedSection(
      section({ id: 'a', outputTemplate: 'We act for {{ client }}. Fees follow... (see 1..3).' }),
      withAbbreviation,
    );
    expect(rendered.content).toBe('We act for Globex Inc. Fees follow... (see 1..3).');
  });

  it('marks a missing variable visibly and lists it', async () => {
    const rendered = await renderTemplatedSection(section({ id: 'a', outputTemplate: 'Signed: {{ signatory }}' }), context);
    expect(rendered.content).toBe('Signed: [[missing: signatory]]');
    expect(rendered.missing).toEqual(['signatory']);
  });

  it('throws naming the section when the template cannot render', async () => {
    await expect(renderTemplatedSection(section({ id: 'a', title: 'Fees', outputTemplate: '{% if %}' }), context)).rejects.toThrow(/^section "Fees": /);
  });
});

describe('renderSections', () => {
  it('asks the model for synthesized sections with the rendered prompt, sources and voice; results in document order', async () => {
    const model = new FakeModelGateway({ writeSection: (i) => `${i.title}: ${i.prompt ?? ''}` });
    const recorder = recordEvents();
    const sections = [
      section({ id: 'a', title: 'Scope', renderMode: 'synthesized', prompt: 'Scope for {{ client }}' }),
      section({ id: 'b', outputTemplate: 'Fee {{ computed.total }}' }),
      section({ id: 'c', title: 'Terms', renderMode: 'synthesized' }),
    ];

    const rendered = await renderSections(sections, context, { emit: recorder.emit, model }, OPTIONS);

    expect(rendered.map((r) => [r.sectionId, r.content])).toEqual([
      ['a', 'Scope: Scope for Globex'],
      ['b', 'Fee 1200'],
      ['c', 'Terms: '],
    ]);
    expect(
      recorder.events
        .filter((e) => e.event === 'render_started')
        .map((e) => (e.event === 'render_started' ? e.sectionId : ''))
        .sort(),
    ).toEqual(['a', 'b', 'c']);
    // Each section calls the model once its own prompt is rendered (one without a prompt at once), so the calls' order is not the sections'.
    const calls = model.callsOf('writeSection');
    expect(calls.map((c) => c.input.title).sort()).toEqual(['Scope', 'Terms']);
    const scope = calls.find((c) => c.input.title === 'Scope');
    expect(scope?.input).toMatchObject({ prompt: 'Scope for Globex', sources: OPTIONS.sources, voice: OPTIONS.voice, brief: { text: 'partner memo' } });
    expect(scope?.input.context).toMatchObject({ fields: { client: 'Globex' }, gathered: { rate: 'from the data-need' } });
    expect(rendered[0]).toMatchObject({ model: 'fake-model', usage: { inputTokens: 10, outputTokens: 5 } });
  });

  it('fails naming the section when its prompt does not render', async () => {
    const model = new FakeModelGateway();
    const sections = [section({ id: 'a', title: 'Scope', renderMode: 'synthesized', prompt: '{{ client | no_such_filter }}' })];
    await expect(renderSections(sections, context, { emit: recordEvents().emit, model }, OPTIONS)).rejects.toThrow(/^section "Scope" prompt: /);
    expect(model.calls).toEqual([]);
  });

  it('hands a section on as soon as its own template is rendered, not after every batch of the run', async () => {
    await renderTemplatedSection(section({ id: 'warm-up', outputTemplate: '{{ client }}' }), context);
    await vi.waitFor(() => expect(tenantCodeStats().ready).toBe(2), { timeout: 20_000 });
    // One template per worker lane: a slow one first, a quick one after it (many times less work,
    // so it is done first even on a loaded machine; the slow one stays far inside its budgets).
    const inLane = (body: string, lane: number) => {
      for (let n = 0; n < 1_000; n += 1) if (templateLane(`${body}{# ${n} #}`) === lane) return `${body}{# ${n} #}`;
      throw new Error(`no template in lane ${lane}`);
    };
    const slow = inLane('{% for i in range(3000) %}{% if i < 0 %}never{% endif %}{% endfor %}Slow', 1);
    const quick = inLane('Quick {{ client }}', 0);
    const handedOn: string[] = [];
    const sections = [section({ id: 'slow', outputTemplate: slow }), section({ id: 'quick', outputTemplate: quick })];

    const rendered = await renderSections(
      sections,
      context,
      { emit: recordEvents().emit, model: new FakeModelGateway() },
      { ...OPTIONS, onRendered: (r) => handedOn.push(r.sectionId) },
    );

    expect(rendered.map((r) => r.content)).toEqual(['Slow', expect.stringMatching(/^Quick Globex/)]);
    // Waiting for the whole run's templates would hand them on in document order.
    expect(handedOn).toEqual(['quick', 'slow']);
  });
});
