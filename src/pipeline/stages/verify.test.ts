/** The verify stage: cited claims against their sources, deterministically or by the model judge. */
import { describe, expect, it } from 'vitest';
import { FakeModelGateway, recordEvents } from '../test-support/fake-ports.js';
import { sourceFactComputations } from '../verify/check-citations.js';
import { type VerifyInput, verifySections } from './verify.js';

const SOURCES: VerifyInput['sources'] = [{ n: 1, text: 'The hourly rate is 120 EUR, agreed on 3 March 2026 with Globex.' }];

function input(content: string, judge: VerifyInput['judge'] = 'deterministic'): VerifyInput {
  return { sections: [{ sectionId: 'fees', title: 'Fees', content }], sources: SOURCES, judge, models: {} };
}

describe('verifySections', () => {
  it('passes a claim its source supports', async () => {
    const recorder = recordEvents();
    const output = await verifySections(input('The hourly rate is 120 EUR [1].'), { emit: recorder.emit, model: new FakeModelGateway() });
    expect(output.unsupported).toEqual([]);
    expect(output.checkedSectionIds).toEqual(['fees']);
    expect(recorder.events).toEqual([
      { event: 'verify_section_started', sectionId: 'fees' },
      { event: 'verify_section_finished', sectionId: 'fees', supported: true },
    ]);
  });

  it('flags a cited number the source does not contain, and a citation of a source that does not exist', async () => {
    const recorder = recordEvents();
    const output = await verifySections(input('The hourly rate is 150 EUR [1]. Globex signed [2].'), { emit: recorder.emit, model: new FakeModelGateway() });
    expect(output.unsupported).toHaveLength(1);
    const claims = output.unsupported[0].claims;
    expect(claims.map((c) => c.sentence)).toEqual(['The hourly rate is 150 EUR.', 'Globex signed.']);
    expect(claims[0].missing).toContain('150');
    expect(claims[1].missing).toContain('[2]');
    expect(recorder.events.at(-1)).toEqual({ event: 'verify_section_finished', sectionId: 'fees', supported: false });
  });

  it('skips sections without citation markers entirely', async () => {
    const recorder = recordEvents();
    const model = new FakeModelGateway();
    const output = await verifySections(input('No claims here, 999 EUR.', 'auto'), { emit: recorder.emit, model });
    expect(output).toEqual({ unsupported: [], checkedSectionIds: [], usage: { inputTokens: 0, outputTokens: 0 } });
    expect(recorder.events).toEqual([]);
    expect(model.calls).toEqual([]);
  });

  it('judge "model" trusts the model: its rejection flags a claim the text check passes, with the reason', async () => {
    const model = new FakeModelGateway({
      judge: (i) => i.claims.map((c) => ({ sentence: c.sentence, supported: false, reason: 'the source is about another client' })),
    });
    const output = await verifySections(input('The hourly rate is 120 EUR [1].', 'model'), { emit: recordEvents().emit, model });
    expect(output.unsupported[0].claims).toEqual([
      { sentence: 'The hourly rate is 120 EUR.', citations: [1], missing: [], reason: 'the source is about another client' },
    ]);
    expect(output.usage).toEqual({ inputTokens: 10, outputTokens: 5 });
  });

  it('judge "model" lets the model accept a claim the text check doubts; "auto" keeps both verdicts', async () => {
    const accepting = new FakeModelGateway({ judge: (i) => i.claims.map((c) => ({ sentence: c.sentence, supported: true, reason: '' })) });
    const byModel = await verifySections(input('The rate is 150 EUR [1].', 'model'), { emit: recordEvents().emit, model: accepting });
    expect(byModel.unsupported).toEqual([]);
    const auto = await verifySections(input('The rate is 150 EUR [1].', 'auto'), { emit: recordEvents().emit, model: accepting });
    expect(auto.unsupported.map((u) => u.claims.map((c) => c.sentence))).toEqual([['The rate is 150 EUR.']]);
  });

  it('"deterministic" never calls the judge; a gateway without a judge falls back to the text check', async () => {
    const judging = new FakeModelGateway({ judge: () => [] });
    await verifySections(input('The rate is 150 EUR [1].'), { emit: recordEvents().emit, model: judging });
    expect(judging.callsOf('judgeClaims')).toEqual([]);
    const noJudge = new FakeModelGateway();
    const output = await verifySections(input('The rate is 150 EUR [1].', 'model'), { emit: recordEvents().emit, model: noJudge });
    expect(noJudge.callsOf('judgeClaims')).toHaveLength(1);
    expect(output.unsupported).toHaveLength(1);
  });

  it("gives a claim the built-in check failed the built-in reason, whatever the judge says; the judge's reason only where the judge alone rejected (issue #11)", async () => {
    const sloppy = new FakeModelGateway({
      judge: (i) =>
        i.claims.map((c) => ({
          sentence: c.sentence,
          supported: false,
          reason: c.citations.includes(99) ? 'Stated in the source' : 'the source is about another client',
        })),
    });
    const auto = await verifySections(input('The hourly rate is 120 EUR [1]. Globex signed [99].', 'auto'), { emit: recordEvents().emit, model: sloppy });
    expect(auto.unsupported[0].claims.map((c) => [c.sentence, c.reason])).toEqual([
      ['The hourly rate is 120 EUR.', 'the source is about another client'],
      ['Globex signed.', 'Cites [99], which is not one of the sources'],
    ]);
    const accepting = new FakeModelGateway({ judge: (i) => i.claims.map((c) => ({ sentence: c.sentence, supported: true, reason: 'Stated in the source' })) });
    const byModel = await verifySections(input('The rate is 150 EUR [1]. Globex signed [99].', 'model'), { emit: recordEvents().emit, model: accepting });
    // A source that does not exist is a fact, not a judgement: "model" cannot accept it.
    expect(byModel.unsupported[0].claims.map((c) => [c.sentence, c.reason])).toEqual([['Globex signed.', 'Cites [99], which is not one of the sources']]);
    const deterministic = await verifySections(input('The hourly rate is 150 EUR [1].'), { emit: recordEvents().emit, model: sloppy });
    expect(deterministic.unsupported[0].claims[0].reason).toBe('Not found in the cited source: 150');
  });

  it("checks claims against a source's text only, never against its quote", async () => {
    const sources = [{ n: 1, text: '1300.00 EUR', quote: '1300.00 EUR (corrected by a@acme.test, was "EUR 1,190.00")' }];
    const output = await verifySections(
      {
        sections: [{ sectionId: 's', title: 'S', content: 'The total is 1300.00 EUR [1]. The total is EUR 1,190.00 [1].' }],
        sources,
        judge: 'deterministic',
        models: {},
      },
      { emit: recordEvents().emit, model: new FakeModelGateway() },
    );
    expect(output.unsupported[0].claims.map((c) => c.sentence)).toEqual(['The total is EUR 1,190.00.']);
  });
  it('asks the judge before the built-in check reads the sources: the check runs while the call is under way', async () => {
    // A source text no check has read yet: reading it is what the built-in check spends its time on.
    const sources = [{ n: 1, text: `Fees were agreed on 3 March 2026 (${Math.random()}).` }];
    let readBeforeTheCall: number | undefined;
    const before = sourceFactComputations();
    const model = new FakeModelGateway({
      judge: (i) => {
        readBeforeTheCall = sourceFactComputations() - before;
        return i.claims.map((c) => ({ sentence: c.sentence, supported: true, reason: '' }));
      },
    });
    const output = await verifySections({ ...input('Fees were agreed on 4 March 2026 [1].', 'auto'), sources }, { emit: recordEvents().emit, model });
    expect(readBeforeTheCall).toBe(0);
    expect(sourceFactComputations() - before).toBe(1);
    // Both verdicts still count: the built-in check finds the date missing.
    expect(output.unsupported[0].claims[0].missing).toEqual(['4 March 2026']);
  });
});
