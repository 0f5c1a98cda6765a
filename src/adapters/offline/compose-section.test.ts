import { describe, expect, it } from 'vitest';
import { checkCitations } from '../../pipeline/verify/check-citations.js';
import { composeSection, type ComposeSectionInput } from './compose-section.js';

const sources = [
  {
    n: 1,
    title: 'Company profile',
    text: 'Acme GmbH was founded in 1998 in Berlin. The company makes industrial pumps for breweries. It employs 240 people across two sites.',
  },
  {
    n: 2,
    title: 'Security audit 2025',
    text: 'The security audit found three critical vulnerabilities in the payment gateway. Patching of the payment gateway was completed on 5 January 2026. The audit team recommends quarterly penetration tests.',
  },
  {
    n: 3,
    title: 'Canteen menu',
    text: 'The canteen serves soup on Mondays. Desserts are available every Friday afternoon.',
  },
];

const base: ComposeSectionInput = {
  title: 'Security vulnerabilities',
  prompt: 'Summarize the audit findings on the payment gateway and recommended penetration tests.',
  outputType: 'markdown',
  context: { client_name: 'Acme GmbH', audit: { scope: 'payment gateway', year: 2025 }, notes: 'See [3] for lunch.' },
  sources,
};

const norm = (s: string): string => s.replace(/\s+/g, ' ').trim();

/** Every `text [n]` pair in the content: the text segment right before each marker. */
function markedSentences(content: string): Array<{ text: string; n: number }> {
  const out: Array<{ text: string; n: number }> = [];
  for (const line of content.split('\n')) {
    for (const m of line.matchAll(/([^\]|]*?)\s*\[(\d+)\]/g)) {
      const text = m[1].replace(/^[-\s]+/, '').trim();
      out.push({ text, n: Number(m[2]) });
    }
  }
  return out;
}

describe('composeSection', () => {
  it('quotes relevant sentences and cites only the sources it used, each at the right place', () => {
    const out = composeSection(base);
    expect(out.citations).toEqual([2]);
    const marked = markedSentences(out.content);
    expect(marked.length).toBeGreaterThan(0);
    for (const { text, n } of marked) {
      expect(out.citations).toContain(n);
      const source = sources.find((s) => s.n === n);
      expect(norm(source?.text ?? '')).toContain(norm(text));
    }
    expect(out.content).not.toMatch(/\[1\]|\[3\]/);
    expect(out.content).toContain('payment gateway');
    expect(checkCitations(out.content, sources).unsupported).toEqual([]);
  });

  it('places every marker after a sentence of that source in every output type', () => {
    for (const outputType of ['markdown', 'string', 'list', 'table'] as const) {
      const out = composeSection({ ...base, outputType, title: 'Company and audit', prompt: 'pumps breweries employees audit gateway' });
      expect(out.citations).toEqual([1, 2]);
      const marked = markedSentences(out.content);
      expect(marked.length).toBeGreaterThanOrEqual(2);
      for (const { text, n } of marked) expect(norm(sources[n - 1].text)).toContain(norm(text));
      expect(checkCitations(out.content, sources).unsupported).toEqual([]);
    }
    const json = composeSection({ ...base, outputType: 'json', title: 'Company and audit', prompt: 'pumps breweries employees audit gateway' });
    const points = (JSON.parse(json.content) as { points: Array<{ text: string; source: number }> }).points;
    expect(points.length).toBeGreaterThan(0);
    for (const p of points) {
      expect(p.text.endsWith(` [${p.source}]`)).toBe(true);
      expect(norm(sources[p.source - 1].text)).toContain(norm(p.text.slice(0, -` [${p.source}]`.length)));
    }
  });

  it('ranks by relevance when it can quote only a few sentences', () => {
    const many = [
      { n: 1, title: 'Notes', text: 'The gateway runs on two servers. The gateway was installed in 2019. The gateway logs are kept for a year.' },
      { n: 2, title: 'Tests', text: 'Quarterly penetration tests of the gateway are recommended by the auditors. The office is closed on Sundays.' },
    ];
    const voice = { name: 'Short', description: null, samples: ['One sentence. Two sentences.'] };
    const out = composeSection({
      ...base,
      sources: many,
      context: {},
      title: 'Penetration tests',
      prompt: 'Which penetration tests are recommended for the gateway?',
      voice,
    });
    expect(out.content).toContain('Quarterly penetration tests of the gateway are recommended by the auditors [2].');
    expect(out.content.match(/\[\d+\]/g)).toHaveLength(2);
  });

  it('quotes its sources rather than reading context values back', () => {
    const out = composeSection({ ...base, title: 'Client overview', prompt: 'Describe the client company.' });
    expect(out.content).not.toContain('The client name is Acme GmbH.');
    expect(out.content).not.toContain('Client name:');
    expect(out.citations).toEqual([1]);
  });

  it('renders a bullet list', () => {
    const out = composeSection({ ...base, outputType: 'list' });
    const lines = out.content.split('\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(line).toMatch(/^- \S/);
  });

  it('renders a GFM table with a header row', () => {
    const out = composeSection({ ...base, outputType: 'table' });
    const lines = out.content.split('\n');
    expect(lines[0]).toBe('| Item | Detail |');
    expect(lines[1]).toMatch(/^\|( ?:?-{3,}:? ?\|)+$/);
    for (const line of lines) expect(line.split(/(?<!\\)\|/).length).toBe(4);
    expect(out.content).toContain('| Audit scope | payment gateway |');
  });

  it('renders valid JSON', () => {
    const out = composeSection({ ...base, outputType: 'json' });
    const parsed: unknown = JSON.parse(out.content);
    expect(parsed).toMatchObject({ facts: { 'audit.scope': 'payment gateway' } });
    const points = (parsed as { points: Array<{ source: number }> }).points;
    expect(points.length).toBeGreaterThan(0);
    expect([...new Set(points.map((p) => p.source))]).toEqual(out.citations);
  });

  it('writes from context only, without markers, when there are no sources', () => {
    for (const outputType of ['markdown', 'list', 'table', 'json', 'string'] as const) {
      const out = composeSection({ ...base, outputType, sources: [] });
      expect(out.citations).toEqual([]);
      expect(out.content).not.toMatch(/\[\d+\]/);
      expect(out.content).toContain('payment gateway');
    }
  });

  it('falls back to context values when no source sentence is quotable', () => {
    const out = composeSection({ ...base, title: 'Overview', prompt: null, sources: [{ n: 1, title: 'Stub', text: 'See attachment.' }] });
    expect(out.citations).toEqual([]);
    expect(out.content).not.toMatch(/\[\d+\]/);
    expect(out.content).toContain('The client name is Acme GmbH.');
    expect(out.content).not.toContain('Client name:');
  });

  it('says so when there is nothing to write from', () => {
    const out = composeSection({ ...base, context: {}, sources: [] });
    expect(out).toEqual({ content: 'No source material or context values were available for this section.', citations: [] });
  });

  it('honours a concise, bullet voice', () => {
    const voice = { name: 'Terse', description: 'Concise bullet points.', samples: ['Short. To the point.'] };
    const out = composeSection({ ...base, prompt: 'audit gateway penetration tests vulnerabilities patching', voice });
    expect(out.content.split('\n').every((l) => l.startsWith('- '))).toBe(true);
    expect(out.content.match(/\[\d+\]/g)?.length ?? 0).toBeLessThanOrEqual(2);
  });

  it('falls back to leading sentences when nothing matches, still citing correctly', () => {
    const out = composeSection({ ...base, title: 'Zzz', prompt: null, context: {} });
    expect(out.citations).toEqual([1, 2, 3]);
    const marked = markedSentences(out.content);
    expect(marked.length).toBeGreaterThan(0);
    for (const { text, n } of marked) {
      expect(norm(sources[n - 1].text)).toContain(norm(text));
    }
  });

  it('is deterministic', () => {
    for (const outputType of ['markdown', 'list', 'table', 'json', 'string'] as const) {
      expect(composeSection({ ...base, outputType })).toEqual(composeSection({ ...base, outputType }));
    }
  });
});
