import { describe, expect, it } from 'vitest';
import {
  MAX_CACHED_CHARS,
  MAX_CACHED_SOURCES,
  checkCitations,
  namesOnly,
  readSourceFacts,
  sourceFactCacheSize,
  sourceFactComputations,
} from './check-citations.js';
import { findCitations, splitSentences } from './sentences.js';

const sources = [
  { n: 1, text: 'Acme GmbH reported that revenue grew 15% in 2025, reaching EUR 1,200,000. The audit closed on 5 January 2026.' },
  { n: 2, text: 'The auditor, Jane Doe of Baker & Co, described the controls as "adequate but informal". Headcount was 1200.' },
];

describe('splitSentences', () => {
  it('keeps abbreviations, decimals and trailing markers inside sentences', () => {
    const md =
      'Costs rose 1.5 times, e.g. for travel. Dr. Smith agreed. [1]\n\n- First item [2]\n- Second item\n\n| Key | Value |\n| --- | --- |\n| Client | Acme |';
    expect(splitSentences(md)).toEqual([
      'Costs rose 1.5 times, e.g. for travel.',
      'Dr. Smith agreed. [1]',
      'First item [2]',
      'Second item',
      'Key; Value',
      'Client; Acme',
    ]);
  });

  it('reads [1][2] and [1, 2] markers', () => {
    expect(findCitations('A [1][2] b [3, 4] c [2]')).toEqual([1, 2, 3, 4]);
  });
});

describe('checkCitations', () => {
  it('passes a supported sentence', () => {
    const r = checkCitations('Acme GmbH said revenue grew 15% to EUR 1.2 million [1].', sources);
    expect(r.claims).toHaveLength(1);
    expect(r.claims[0]).toMatchObject({ citations: [1], supported: true, missing: [] });
    expect(r.unsupported).toEqual([]);
  });

  it('reads a source once for every section checked against it, and still judges each section', () => {
    const report = { n: 1, text: `The audit of 3 March 2026 found ${Array.from({ length: 50 }, (_, i) => `${i + 100} open items`).join(', ')}.` };
    const before = sourceFactComputations();
    // A new array of equal sources per section, as each section's check builds them.
    const first = checkCitations('The audit of 3 March 2026 found 101 open items [1].', [{ ...report }]);
    const second = checkCitations('The audit of 4 March 2026 found 99 open items [1].', [{ ...report }]);
    expect(sourceFactComputations() - before).toBe(1);
    expect(first.unsupported).toEqual([]);
    expect(second.unsupported[0].missing).toEqual(['4 March 2026', '99']);
  });

  it('backs a claim citing two sources with what either says, but not with a quote running from one into the other', () => {
    const two = [
      { n: 1, text: 'Acme GmbH grew 15% in 2025' },
      { n: 2, text: 'Globex signed on 3 March 2026.' },
    ];
    expect(checkCitations('Acme GmbH grew 15% and Globex signed on 3 March 2026 [1][2].', two).unsupported).toEqual([]);
    expect(checkCitations('The report says "grew 15% in 2025" [1][2].', two).unsupported).toEqual([]);
    expect(checkCitations('The report says "2025 Globex signed" [1][2].', two).unsupported[0]?.missing).toEqual(['"2025 Globex signed"']);
  });

  it('reads the facts of sources read before (readSourceFacts) no second time', () => {
    const texts = [`Fees of 120 EUR (${Math.random()}).`, `Signed on 3 March 2026 (${Math.random()}).`];
    const before = sourceFactComputations();
    readSourceFacts(texts);
    expect(sourceFactComputations() - before).toBe(2);
    expect(
      checkCitations(
        'Fees of 120 EUR were signed on 3 March 2026 [1][2].',
        texts.map((text, i) => ({ n: i + 1, text })),
      ).unsupported,
    ).toEqual([]);
    expect(sourceFactComputations() - before).toBe(2);
  });

  it('flags a number that is not in the cited source', () => {
    const r = checkCitations('At Acme GmbH revenue grew 12% in 2025 [1].', sources);
    expect(r.unsupported).toHaveLength(1);
    expect(r.unsupported[0].missing).toEqual(['12%']);
  });

  it('does not take a number from an uncited source', () => {
    const r = checkCitations('Headcount was 1,200 [1].', sources);
    expect(r.unsupported[0]?.missing).toEqual(['1,200']);
    expect(checkCitations('Headcount was 1,200 [2].', sources).unsupported).toEqual([]);
  });

  it('matches dates written in different formats', () => {
    expect(checkCitations('The audit closed on 2026-01-05 [1].', sources).unsupported).toEqual([]);
    expect(checkCitations('The audit closed on January 5, 2026 [1].', sources).unsupported).toEqual([]);
    const wrong = checkCitations('The audit closed on 2026-01-06 [1].', sources);
    expect(wrong.unsupported[0].missing).toEqual(['2026-01-06']);
  });

  it('flags a quoted span that is not in the source', () => {
    expect(checkCitations('The auditor called the controls “adequate but informal” [2].', sources).unsupported).toEqual([]);
    const r = checkCitations('The auditor called the controls "excellent and formal" [2].', sources);
    expect(r.unsupported[0].missing).toEqual(['"excellent and formal"']);
  });

  it('flags names that are not in the source, ignoring the first word', () => {
    expect(checkCitations('Auditor Jane Doe signed [2].', sources).unsupported).toEqual([]);
    const r = checkCitations('Auditor John Doe signed [2].', sources);
    expect(r.unsupported[0].missing).toEqual(['John']);
  });

  it('compares numbers by value and keeps abbreviations and decimals inside one claim', () => {
    const md = 'Revenue grew 15 percent, e.g. to EUR 1.2m, and headcount was 1.200 [1][2]. Headcount was 1,200.5 [2].';
    const r = checkCitations(md, sources);
    expect(r.claims.map((c) => c.citations)).toEqual([[1, 2], [2]]);
    expect(r.claims[0].supported).toBe(true);
    expect(r.claims[1].missing).toEqual(['1,200.5']);
  });

  it('flags an unknown source number', () => {
    const r = checkCitations('Revenue grew 15% [1][7].', sources);
    expect(r.claims[0]).toMatchObject({ citations: [1, 7], supported: false, missing: ['[7]'] });
  });

  it('ignores uncited sentences and checks list items and [1, 2] markers', () => {
    const md = 'Revenue grew 99%. Nobody knows why.\n\n- Revenue grew 15% and headcount was 1200 [1, 2]';
    const r = checkCitations(md, sources);
    expect(r.claims).toHaveLength(1);
    expect(r.claims[0]).toMatchObject({ citations: [1, 2], supported: true });
  });
});

describe('the facts of source texts kept between sections', () => {
  it(`keep at most ${MAX_CACHED_SOURCES} texts and ${MAX_CACHED_CHARS} characters, and as many word cases`, () => {
    const texts = Array.from({ length: MAX_CACHED_SOURCES + 20 }, (_, i) => `Source ${i} says Contoso paid ${i + 100} EUR on 2026-03-${(i % 28) + 1}.`);
    readSourceFacts(texts);
    namesOnly(texts);
    const size = sourceFactCacheSize();
    expect(size.facts).toBe(MAX_CACHED_SOURCES);
    expect(size.wordCases).toBe(MAX_CACHED_SOURCES);
    readSourceFacts([0, 1, 2].map((i) => `${i} ${'word '.repeat(MAX_CACHED_CHARS / 12)}`));
    expect(sourceFactCacheSize().chars).toBeLessThanOrEqual(MAX_CACHED_CHARS);
  });
});
