/** The per-section derivation record: which context values a section read, as hashes. */
import { describe, expect, it } from 'vitest';
import { sectionDerivation } from './section-derivation.js';
import { hashOf } from './inputs-hash.js';
import { type RenderSection, type RenderedSection, buildRenderContext } from './stages/render.js';
import { checkTemplate } from '../templating/index.js';

const context = buildRenderContext({
  fields: { client: 'Globex', rate: 'field rate', year: '2025' },
  gathered: { rate: 'gathered rate' },
  computed: { total: 1200, stamp: '2026-03-14' },
  synthesized: { summary: 'S' },
  document: { id: 'doc_1', title: 'Letter', description: null, state: 'draft' },
  organization: { slug: 'acme', name: 'Acme' },
  sources: [{ n: 1, title: 'Rate card', url: null }],
  snippets: [],
  sections: { intro: 'Hello.' },
  variables: {},
  today: '2026-03-14',
});

function section(overrides: Partial<RenderSection>): RenderSection {
  return { id: 's1', key: 's1', title: 'S1', renderMode: 'templated', outputType: 'markdown', prompt: null, outputTemplate: '', ...overrides };
}

function rendered(overrides: Partial<RenderedSection> = {}): RenderedSection {
  return {
    sectionId: 's1',
    content: 'out',
    missing: [],
    model: null,
    prompt: null,
    modelOutput: null,
    usage: { inputTokens: 0, outputTokens: 0 },
    ...overrides,
  };
}

/** A template's check as the pool answers it (here on the test's thread). */
const templateCheckOf = (source: string) => checkTemplate(source, []);

const OPTIONS = { templateCheckOf, sources: [{ n: 1, title: 'Rate card', text: '120' }], voice: null, brief: {}, models: {} };

describe('sectionDerivation', () => {
  it('records the values a templated section read: top-level names as the context resolves them, namespaces key by key', () => {
    const record = sectionDerivation(
      section({ outputTemplate: '{{ client }} {{ rate }} {{ fields.year }} {{ computed }} {{ today }} {{ sources|length }}' }),
      context,
      rendered(),
      OPTIONS,
    );
    expect(Object.keys(record.reads)).toEqual(['computed.stamp', 'computed.total', 'fields.client', 'fields.year', 'gathered.rate', 'sources', 'today']);
    expect(record.reads['fields.client']).toBe(hashOf('Globex'));
    expect(record.reads['gathered.rate']).toBe(hashOf('gathered rate'));
    expect(record).toMatchObject({ model: null, promptHash: null, modelOutputHash: null, outputHash: hashOf('out') });
    expect(record.definition.outputTemplate).toBe(hashOf('{{ client }} {{ rate }} {{ fields.year }} {{ computed }} {{ today }} {{ sources|length }}'));
  });

  it('a synthesized section read everything the model sees, plus model, prompt, voice, brief and its answer', () => {
    const record = sectionDerivation(
      section({ renderMode: 'synthesized', prompt: 'About {{ client }}', outputTemplate: null }),
      context,
      rendered({ model: 'm', prompt: 'the full prompt', modelOutput: 'answer', content: 'answer' }),
      OPTIONS,
    );
    expect(Object.keys(record.reads)).toEqual(
      expect.arrayContaining(['fields.client', 'fields.rate', 'gathered.rate', 'computed.total', 'synthesized.summary', 'document.title', 'sources']),
    );
    expect(record).toMatchObject({ model: 'm', promptHash: hashOf('the full prompt'), modelOutputHash: hashOf('answer'), voiceHash: hashOf(null) });
  });
});
