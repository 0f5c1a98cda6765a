/** The evaluation computes its metrics right on tiny fixed sets, and the check stage keeps its goals on the gold set. */
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HELDOUT2_FILE, HELDOUT3_FILE, buildHeldOut2Gold, buildHeldOut3Gold } from './gold/generate-check-stage.js';
import { confusion, isGrounded, isReadBack, phrasesOverTwice, proseSentences, repeated5gramShare } from './metrics.js';
import { evaluationMarkdown, regressions } from './report.js';
import { flaggerMeasures, readGold } from './suites/check-stage.js';
import { runBuiltInCheck } from './suites/check-stage-builtin.js';
import type { SuiteReport } from './suites/index.js';

describe('eval metrics', () => {
  it('precision and recall of "flagged" count hits, false alarms and misses', () => {
    const c = confusion([
      { expected: true, flagged: true },
      { expected: true, flagged: true },
      { expected: true, flagged: false },
      { expected: false, flagged: true },
      { expected: false, flagged: false },
    ]);
    expect(c).toEqual({ tp: 2, fp: 1, fn: 1, tn: 1, precision: 2 / 3, recall: 2 / 3 });
  });

  it('repeated 5-grams are the share of a section’s 5-grams found in another section', () => {
    const r = repeated5gramShare(['put in place a retention schedule now', 'we put in place a retention schedule', 'nothing here is shared at all']);
    // Section 1: 3 grams, 2 shared; section 2: 3 grams, 2 shared; section 3: 2 grams, none.
    expect(r).toEqual({ repeated: 4, total: 8, share: 0.5 });
  });

  it('a read-back sentence only restates a field; a sentence that uses one to say more is not', () => {
    const fields = [
      { label: 'Client', value: 'Contoso GmbH' },
      { label: 'Our firm', value: 'Northwind LLP' },
    ];
    expect(isReadBack('The client is Contoso GmbH.', fields)).toBe(true);
    expect(isReadBack('Contoso GmbH will give us complete and accurate information on time [1].', fields)).toBe(false);
  });

  it('table rows, headings and a salutation are not prose sentences', () => {
    expect(proseSentences('# Scope of work\n\nDear Ada Lovelace,\n\n| Controller | Acme Health GmbH |\n\nWe will do the work well.')).toEqual([
      'We will do the work well.',
    ]);
  });

  it('a goal met before and missed now is a regression; one never met is not', () => {
    const report: SuiteReport = {
      title: 'T',
      measures: [
        { id: 'a', label: 'A', value: 0.8, format: 'ratio', goal: { op: '>=', target: 0.9 } },
        { id: 'b', label: 'B', value: 0.1, format: 'percent', goal: { op: '<=', target: 0.05 } },
      ],
      notes: [],
    };
    expect(regressions([report], ['a']).map((m) => m.id)).toEqual(['a']);
    expect(evaluationMarkdown([report], { command: 'npm run eval', date: new Date(0), seconds: 1, metBefore: ['a'] })).toContain(
      '| A | 0.800 | ≥ 0.900 | **REGRESSED** |',
    );
  });
});

describe('the check stage on its gold set', () => {
  it('holds at least 300 labelled sentences of every category', () => {
    const gold = readGold();
    expect(gold.length).toBeGreaterThanOrEqual(300);
    expect(new Set(gold.map((g) => g.category))).toEqual(
      new Set(['supported', 'field-value', 'table-row', 'unsupported', 'wrong-citation', 'contradicts-fact']),
    );
  });

  it('the built-in check keeps precision and recall of "flagged" at 0.9 or more', () => {
    const [precision, recall] = flaggerMeasures('check.builtin', 'Built-in check', runBuiltInCheck(readGold()));
    expect(precision.value).toBeGreaterThanOrEqual(0.9);
    expect(recall.value).toBeGreaterThanOrEqual(0.9);
  });

  it('counts batch 2 as development now (the check was fixed on it) and keeps it in its own file', () => {
    const batch2 = readGold(HELDOUT2_FILE);
    expect(new Set(batch2.map((g) => `${g.split}/${g.origin}`))).toEqual(new Set(['dev/former-heldout-2']));
    expect(batch2).toEqual(buildHeldOut2Gold());
    expect(readGold().filter((g) => g.origin === 'former-heldout-2')).toEqual([]);
  });

  it('writes held-out batch 3 to its own file as the generator builds it, and reads a batch not yet written as none', () => {
    expect(readGold(HELDOUT3_FILE)).toEqual(buildHeldOut3Gold());
    expect(buildHeldOut3Gold().filter((g) => g.split !== 'heldout-3')).toEqual([]);
    expect(readGold(path.join(os.tmpdir(), 'no-such-batch.jsonl'))).toEqual([]);
  });
});

describe('stock phrases and grounded sentences (issue 31, item 3)', () => {
  it("counts a phrase of the document's own in three sentences, not one its sources gave it", () => {
    const sentences = [
      'Put in place encryption at rest [2].',
      'Put in place role-based access control [2].',
      'Put in place staff training [2].',
      'Vendors must notify us within 72 hours.',
      'Vendors must notify us of each incident.',
      'Vendors must notify us in writing.',
    ];
    // "Put in place" opens three sentences; "Vendors must notify us" is the source's wording.
    expect(phrasesOverTwice(sentences, ['Vendors must notify us of a security incident.'])).toEqual([{ phrase: 'put in place', uses: 3 }]);
    expect(phrasesOverTwice(sentences.slice(1), ['Vendors must notify us of a security incident.'])).toEqual([]);
  });

  it('grounds a sentence that cites, states a value or states a decision; not filler', () => {
    const fields = [{ value: 'Initech Cloud' }, { value: 'name, phone number' }];
    const decisions = [{ outcomeLabel: 'Approve with conditions', reasons: ['Not every rule of the baseline is met.'] }];
    expect(isGrounded('Encryption at rest [1].', fields, decisions)).toBe(true);
    expect(isGrounded('Initech Cloud names no contact.', fields, decisions)).toBe(true);
    expect(isGrounded('Only the phone number is kept.', fields, decisions)).toBe(true);
    expect(isGrounded('We approve with conditions, since not every rule of the baseline is met.', fields, decisions)).toBe(true);
    expect(isGrounded('Of three requirements in the cited sources, one applies.', fields, decisions)).toBe(false);
  });
});
