/**
 * The live gateway against a fake OpenAI-compatible server speaking the real chat-completions
 * protocol: each task round-trips, and the requests carry what the prompts promise.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeAnswer, type FakeChatRequest, type FakeOpenAi, startFakeOpenAi } from '../../../test/support/fake-openai-server.js';
import type { ModelGateway, WriteSectionInput } from '../../pipeline/ports.js';
import { createModelGateway } from './create-model-gateway.js';

const API_KEY = 'sk-test-live-gateway-0123456789';
let fake: FakeOpenAi;
let gateway: ModelGateway;
let answer: (request: FakeChatRequest) => FakeAnswer = () => ({ content: 'ok' });

beforeAll(async () => {
  fake = await startFakeOpenAi({ respond: (request) => answer(request) });
  gateway = await createModelGateway({
    provider: 'openai-compatible',
    baseUrl: fake.baseUrl,
    apiKey: API_KEY,
    model: 'env-default',
    gatherModel: 'env-gather',
    synthesisModel: 'env-synth',
    timeoutMs: 10_000,
  });
});
afterAll(async () => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.failWith(null);
});

const section: WriteSectionInput = {
  title: 'Lease terms',
  prompt: 'Summarize the term and the rent.',
  outputType: 'table',
  context: { tenant: 'Acme GmbH', rent: { amount: 2400, currency: 'EUR' } },
  sources: [
    { n: 1, title: 'Lease agreement', text: 'The lease runs for 24 months from 1 March 2025.' },
    { n: 2, title: 'Rent schedule', text: 'Monthly rent is EUR 2,400, due on the first working day.' },
  ],
  voice: {
    name: 'Plain legal',
    description: 'Formal, concise, no adjectives; short declarative sentences.',
    samples: ['The tenant shall pay the rent monthly in advance.', 'Notice must be given in writing.'],
  },
  brief: { audience: "the landlord's board", purpose: 'approve the renewal', text: null },
  models: {},
};

describe('writeSection', () => {
  it('sends the voice, its rubric and samples, the brief, the format rules and the numbered sources; returns the content', async () => {
    answer = () => ({
      content: '```markdown\n| Term | Rent |\n| --- | --- |\n| 24 months [1] | EUR 2,400 [2] |\n```',
      usage: { promptTokens: 321, completionTokens: 45 },
    });
    const result = await gateway.writeSection(section);

    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0];
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request.model).toBe('env-default');
    expect(request.responseFormat).toBeNull();
    expect(request.schemaName).toBeNull();
    expect(request.system).toContain('Voice: "Plain legal"');
    expect(request.system).toContain('Formal, concise, no adjectives; short declarative sentences.');
    expect(request.system).toContain('The tenant shall pay the rent monthly in advance.');
    expect(request.system).toContain("audience: the landlord's board");
    expect(request.system).toContain('purpose: approve the renewal');
    expect(request.system).toContain('GitHub-flavoured Markdown table');
    expect(request.system).toMatch(/Use only the numbered sources and the context/);
    expect(request.system).toMatch(/After every sentence that uses a source, put its marker \[n\]/);
    expect(request.system).toMatch(/Never invent a source number/);
    expect(request.system).toMatch(/not known/);
    expect(request.user).toContain('Section title: Lease terms');
    expect(request.user).toContain('Section prompt: Summarize the term and the rent.');
    expect(request.user).toContain('"tenant": "Acme GmbH"');
    expect(request.user).toContain('[1] Lease agreement\nThe lease runs for 24 months from 1 March 2025.');
    expect(request.user).toContain('[2] Rent schedule\nMonthly rent is EUR 2,400, due on the first working day.');

    expect(result.value.content).toBe('| Term | Rent |\n| --- | --- |\n| 24 months [1] | EUR 2,400 [2] |');
    expect(result.usage).toEqual({ inputTokens: 321, outputTokens: 45 });
    expect(result.model).toBe('env-default');
    expect(result.prompt).toContain(request.system);
    expect(result.prompt).toContain(request.user);
  });

  it("routes the render step to the document's chosen model and records the model the provider reports", async () => {
    answer = () => ({ content: 'The lease runs for 24 months [1].', model: 'doc-render-2025-01-01' });
    const result = await gateway.writeSection({ ...section, outputType: 'string', voice: null, models: { render: 'doc-render', default: 'doc-default' } });
    expect(fake.requests[0].model).toBe('doc-render');
    expect(result.model).toBe('doc-render-2025-01-01');
    expect(fake.requests[0].system).toContain('Plain prose');
  });

  it('tells the model to cite nothing when there are no sources', async () => {
    answer = () => ({ content: 'The tenant is Acme GmbH.' });
    await gateway.writeSection({ ...section, sources: [], models: { default: 'doc-default' } });
    expect(fake.requests[0].model).toBe('doc-default');
    expect(fake.requests[0].system).toContain('There are no numbered sources for this section');
    expect(fake.requests[0].user).toContain('Sources: none.');
  });

  it('records zero usage when the provider reports none', async () => {
    answer = () => ({ content: 'Text [1].', usage: null });
    const result = await gateway.writeSection(section);
    expect(result.usage).toEqual({ inputTokens: 0, outputTokens: 0 });
  });

  it('rejects an empty answer, after asking again, with a message naming the section', async () => {
    answer = () => ({ content: '   ' });
    await expect(gateway.writeSection(section)).rejects.toThrow(
      /openai-compatible model "env-default" failed: .*"Lease terms" could not be used: the answer is empty/,
    );
    expect(fake.requests).toHaveLength(3);
    expect(fake.requests[1].user).toContain('Your previous answer could not be used: the answer is empty');
  });

  it("repairs a json section's answer that a trailing comma broke, and asks again for one that is no JSON at all", async () => {
    const json = { ...section, outputType: 'json' as const };
    answer = () => ({ content: '```json\n{"term": "24 months [1]",}\n```' });
    expect((await gateway.writeSection(json)).value.content).toBe('{\n  "term": "24 months [1]"\n}');
    expect(fake.requests).toHaveLength(1);
    let calls = 0;
    answer = () => ((calls += 1) === 1 ? { content: 'The lease runs for two years.' } : { content: '{"term": "24 months [1]"}' });
    expect((await gateway.writeSection(json)).value.content).toBe('{"term": "24 months [1]"}');
    expect(fake.requests).toHaveLength(3);
    expect(fake.requests[2].user).toContain('Your previous answer could not be used: the answer holds no JSON value');
  });
});

describe('synthesize', () => {
  const input = {
    fields: { client_name: 'Acme GmbH', start_date: '2025-03-01' },
    gathered: { rent: 'EUR 2,400 per month' },
    computed: { total: 57600 },
    brief: 'Renewal memo for the board.',
    instructions: 'Keep the summary under 40 words.',
    schema: null,
    models: {},
  };
  const synthesized = {
    summary: 'Acme GmbH renews its lease.',
    key_facts: ['Client name: Acme GmbH'],
    parties: [{ name: 'Acme GmbH', kind: 'organization', role: 'Client' }],
    dates: ['2025-03-01'],
    amounts: [{ text: 'EUR 2,400', amount: 2400, currency: 'EUR' }],
    open_questions: [],
  };

  it('sends one json_schema structured-output request with the default schema and returns the validated object', async () => {
    answer = () => ({ content: JSON.stringify(synthesized), usage: { promptTokens: 900, completionTokens: 120 } });
    const result = await gateway.synthesize(input);
    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0];
    expect(request.model).toBe('env-synth');
    expect(request.responseFormat?.type).toBe('json_schema');
    const jsonSchema = request.responseFormat?.json_schema as { name: string; strict: boolean; schema: { required: string[] } };
    expect(jsonSchema.name).toBe('synthesized_context');
    expect(request.schemaName).toBe('synthesized_context');
    expect(jsonSchema.strict).toBe(true);
    expect(jsonSchema.schema.required).toEqual(['summary', 'key_facts', 'parties', 'dates', 'amounts', 'open_questions']);
    expect(request.system).toContain('Keep the summary under 40 words.');
    expect(request.user).toContain('Renewal memo for the board.');
    expect(request.user).toContain('"client_name": "Acme GmbH"');
    expect(request.user).toContain('"rent": "EUR 2,400 per month"');
    expect(request.user).toContain('"total": 57600');
    expect(result.value).toEqual(synthesized);
    expect(result.usage).toEqual({ inputTokens: 900, outputTokens: 120 });
    expect(result.model).toBe('env-synth');
  });

  it("uses the config's schema (not strict), and the document's synthesis model", async () => {
    const schema = { type: 'object', properties: { risk: { type: 'string', enum: ['low', 'high'] } }, required: ['risk'] };
    answer = () => ({ content: '{"risk": "low"}' });
    const result = await gateway.synthesize({ ...input, schema, models: { synthesis: 'doc-synth' } });
    const request = fake.requests[0];
    expect(request.model).toBe('doc-synth');
    const jsonSchema = request.responseFormat?.json_schema as { strict: boolean; schema: unknown };
    expect(jsonSchema.schema).toEqual(schema);
    expect(jsonSchema.strict).toBe(false);
    expect(result.value).toEqual({ risk: 'low' });
  });

  it('fails with a clear error when the answer does not validate against the schema', async () => {
    const schema = { type: 'object', properties: { risk: { type: 'string', enum: ['low', 'high'] } }, required: ['risk'] };
    answer = () => ({ content: '{"risk": "medium"}' });
    await expect(gateway.synthesize({ ...input, schema })).rejects.toThrow(
      /openai-compatible model "env-synth" failed: the answer does not match the schema: \/risk must be equal to one of the allowed values/,
    );
    answer = () => ({ content: JSON.stringify({ ...synthesized, summary: undefined }) });
    await expect(gateway.synthesize(input)).rejects.toThrow(/does not match the schema: \(root\) must have required property 'summary'/);
  });
});

describe('judgeClaims', () => {
  const input = {
    claims: [
      { sentence: 'The lease runs for 24 months [1].', citations: [1] },
      { sentence: 'Rent is EUR 3,000 [2].', citations: [2] },
    ],
    sources: [
      { n: 1, text: 'The lease runs for 24 months from 1 March 2025.' },
      { n: 2, text: 'Monthly rent is EUR 2,400.' },
      { n: 3, text: 'An unrelated source.' },
    ],
    models: { verify: 'doc-judge' },
  };

  it('judges each claim against its cited sources with structured output', async () => {
    answer = () => ({
      content: JSON.stringify({
        verdicts: [
          { sentence: 'The lease runs for 24 months [1].', supported: true, reason: 'Source 1 states 24 months.' },
          { sentence: 'Rent is EUR 3,000 [2].', supported: false, reason: 'Source 2 says EUR 2,400.' },
        ],
      }),
    });
    const result = await gateway.judgeClaims(input);
    const request = fake.requests[0];
    expect(request.model).toBe('doc-judge');
    expect((request.responseFormat?.json_schema as { name: string }).name).toBe('claim_verdicts');
    expect(request.user).toContain('1. The lease runs for 24 months [1].\n   cites: [1]');
    expect(request.user).toContain('[2]\nMonthly rent is EUR 2,400.');
    expect(request.user).not.toContain('An unrelated source.');
    expect(result?.value).toEqual([
      { sentence: 'The lease runs for 24 months [1].', supported: true, reason: 'Source 1 states 24 months.' },
      { sentence: 'Rent is EUR 3,000 [2].', supported: false, reason: 'Source 2 says EUR 2,400.' },
    ]);
  });

  it("counts a claim the judge skipped as unsupported, keeping the claim's own sentence", async () => {
    answer = () => ({ content: JSON.stringify({ verdicts: [{ sentence: 'paraphrased', supported: true, reason: 'ok' }] }) });
    const result = await gateway.judgeClaims(input);
    expect(result?.value).toEqual([
      { sentence: 'The lease runs for 24 months [1].', supported: true, reason: 'ok' },
      { sentence: 'Rent is EUR 3,000 [2].', supported: false, reason: 'the judge gave no verdict for this claim' },
    ]);
  });

  it('makes no call when there is nothing to judge', async () => {
    expect(await gateway.judgeClaims({ ...input, claims: [] })).toBeNull();
    expect(fake.requests).toHaveLength(0);
  });
});

describe('completeDataNeed, extractFacts, improvePrompt', () => {
  it('completeDataNeed answers the prompt over the context with the gather model', async () => {
    answer = () => ({ content: 'Acme GmbH' });
    const result = await gateway.completeDataNeed({ prompt: 'Who is the tenant?', context: { lease: { tenant: 'Acme GmbH' } }, models: {} });
    expect(fake.requests[0].model).toBe('env-gather');
    expect(fake.requests[0].user).toContain('Request:\nWho is the tenant?');
    expect(fake.requests[0].user).toContain('"tenant": "Acme GmbH"');
    expect(result.value).toBe('Acme GmbH');
    expect(result.usage.inputTokens).toBeGreaterThan(0);
  });

  it('extractFacts asks for each hinted field and drops the ones the text does not give', async () => {
    const facts = {
      entities: {
        people: ['Jane Roe'],
        organizations: ['Acme GmbH'],
        places: ['Berlin'],
        dates: ['2025-03-01'],
        money: [{ text: 'EUR 2,400', amount: 2400, currency: 'EUR' }],
        emails: ['jane@acme.test'],
      },
      fieldValues: { client_name: 'Acme GmbH', start_date: '2025-03-01', budget: '' },
    };
    answer = () => ({ content: JSON.stringify(facts) });
    const result = await gateway.extractFacts({
      text: 'Jane Roe (jane@acme.test) of Acme GmbH, Berlin, starts on 1 March 2025 at EUR 2,400.',
      fieldHints: [
        { key: 'client_name', valueType: 'string', label: 'Client name' },
        { key: 'start_date', valueType: 'date', label: null },
        { key: 'budget', valueType: 'number', label: 'Budget' },
      ],
    });
    const request = fake.requests[0];
    const schema = (request.responseFormat?.json_schema as { schema: { properties: { fieldValues: { required: string[] } } } }).schema;
    expect(schema.properties.fieldValues.required).toEqual(['client_name', 'start_date', 'budget']);
    expect(request.system).toContain('- client_name: Client name (string)');
    expect(request.user).toContain('Jane Roe (jane@acme.test)');
    expect(result.value).toEqual({ entities: facts.entities, fieldValues: { client_name: 'Acme GmbH', start_date: '2025-03-01' } });
  });

  it('improvePrompt returns the rewritten prompt', async () => {
    answer = () => ({ content: 'Summarize the lease term and monthly rent for the board, citing each figure.' });
    const result = await gateway.improvePrompt({ prompt: 'lease stuff', topic: 'Lease renewal' });
    expect(fake.requests[0].model).toBe('env-default');
    expect(fake.requests[0].user).toContain('Topic: Lease renewal');
    expect(fake.requests[0].user).toContain('Prompt to improve:\nlease stuff');
    expect(result.value).toBe('Summarize the lease term and monthly rent for the board, citing each figure.');
  });
});
