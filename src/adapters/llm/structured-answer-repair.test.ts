/**
 * A malformed structured answer (issue 31, row 8) against a scripted model on the real protocol:
 * common faults are repaired without asking again; an answer that cannot be read is asked for
 * again with the fault fed back, at most twice; a judge that never answers usably fails that
 * section's check with the reason, and the other sections are checked.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeAnswer, type FakeChatRequest, type FakeOpenAi, startFakeOpenAi } from '../../../test/support/fake-openai-server.js';
import type { ModelGateway } from '../../pipeline/ports.js';
import { verifySections } from '../../pipeline/stages/verify.js';
import { createModelGateway } from './create-model-gateway.js';

let fake: FakeOpenAi;
let gateway: ModelGateway;
let script: FakeAnswer[] = [];

const GOOD_SYNTHESIS = { summary: 'It went well.', key_facts: [], parties: [], dates: [], amounts: [], open_questions: [] };
const synthesis = { fields: { a: '1' }, gathered: {}, computed: {}, brief: null, instructions: null, schema: null, models: {} };

beforeAll(async () => {
  fake = await startFakeOpenAi({ respond: () => script.shift() ?? { content: JSON.stringify(GOOD_SYNTHESIS) } });
  gateway = await createModelGateway({
    provider: 'openai-compatible',
    baseUrl: fake.baseUrl,
    apiKey: 'sk-test',
    model: 'fake-large',
    gatherModel: 'fake-large',
    synthesisModel: 'fake-synth',
    timeoutMs: 5000,
  });
});
afterAll(async () => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  script = [];
});

describe('a malformed structured answer', () => {
  it('is repaired when only its form is wrong (a fence, prose before it, a trailing comma), with no second call', async () => {
    script = [
      { content: 'Here it is:\n```json\n{"summary": "It went well.", "key_facts": [], "parties": [], "dates": [], "amounts": [], "open_questions": [],}\n```' },
    ];
    const answer = await gateway.synthesize(synthesis);
    expect(answer.value.summary).toBe('It went well.');
    expect(fake.requests).toHaveLength(1);
  });

  it('is asked for again with the fault fed back, and the second answer is used', async () => {
    script = [{ content: 'I cannot produce JSON today.' }];
    const answer = await gateway.synthesize(synthesis);
    expect(answer.value.summary).toBe('It went well.');
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1].user).toContain('Your previous answer could not be used: the answer is not valid JSON');
  });

  it('fails after two retries, naming the last fault', async () => {
    const wrongShape: FakeAnswer = { content: JSON.stringify({ summary: 42 }) };
    script = [wrongShape, wrongShape, wrongShape, wrongShape];
    await expect(gateway.synthesize(synthesis)).rejects.toThrow(/does not match the schema: .*\(after 3 attempts\)$/);
    expect(fake.requests).toHaveLength(3);
  });

  it('from the judge fails only that section, with the reason, and the other sections are checked', async () => {
    const judgeOf = (request: FakeChatRequest): FakeAnswer =>
      request.user.includes('Alpha')
        ? { content: 'verdicts: none' }
        : { content: JSON.stringify({ verdicts: [{ sentence: 'Beta grew 5% in 2025.', supported: true, reason: 'stated' }] }) };
    const judge = await startFakeOpenAi({ respond: judgeOf });
    const judgeGateway = await createModelGateway({
      provider: 'openai-compatible',
      baseUrl: judge.baseUrl,
      apiKey: 'sk-test',
      model: 'fake-large',
      gatherModel: 'fake-large',
      synthesisModel: 'fake-synth',
      timeoutMs: 5000,
    });
    try {
      const events: string[] = [];
      const output = await verifySections(
        {
          sections: [
            { sectionId: 's1', title: 'One', content: 'Alpha grew 7% in 2025 [1].' },
            { sectionId: 's2', title: 'Two', content: 'Beta grew 5% in 2025 [2].' },
          ],
          sources: [
            { n: 1, text: 'Alpha grew 7% in 2025.' },
            { n: 2, text: 'Beta grew 5% in 2025.' },
          ],
          judge: 'model',
          models: {},
        },
        { emit: async (e) => void events.push(`${e.event}:${'supported' in e ? String(e.supported) : ''}`), model: judgeGateway },
      );
      expect(output.checkedSectionIds).toEqual(['s1', 's2']);
      expect(output.unsupported.map((u) => u.sectionId)).toEqual(['s1']);
      expect(output.unsupported[0].claims[0].reason).toMatch(/^The judge could not check this claim: .*not valid JSON.*\(after 3 attempts\)$/);
      expect(events).toContain('verify_section_finished:true');
    } finally {
      await judge.close();
    }
  });
});
