/**
 * Provider failures against the fake server: HTTP errors (after the SDK's retries), a timeout,
 * invalid JSON — each rejects with a message naming provider, model and cause, never the key.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_ERRORS, type FakeOpenAi, startFakeOpenAi } from '../../../test/support/fake-openai-server.js';
import type { ModelGateway } from '../../pipeline/ports.js';
import { createModelGateway } from './create-model-gateway.js';

const API_KEY = 'sk-test-errors-SECRET-9876543210';
// Long enough that a loaded CI machine answers every ordinary call within it (400 ms did not).
const TIMEOUT_MS = 3000;
let fake: FakeOpenAi;
let gateway: ModelGateway;

const section = {
  title: 'Scope',
  prompt: 'Describe the scope.',
  outputType: 'markdown' as const,
  context: {},
  sources: [{ n: 1, title: 'SOW', text: 'The scope is X.' }],
  voice: null,
  brief: {},
  models: {},
};
const synthesis = { fields: { a: '1' }, gathered: {}, computed: {}, brief: null, instructions: null, schema: null, models: {} };

beforeAll(async () => {
  fake = await startFakeOpenAi({ respond: () => ({ content: 'The scope is X [1].' }) });
  gateway = await createModelGateway({
    provider: 'openai-compatible',
    baseUrl: fake.baseUrl,
    apiKey: API_KEY,
    model: 'fake-large',
    gatherModel: 'fake-large',
    synthesisModel: 'fake-synth',
    timeoutMs: TIMEOUT_MS,
  });
});
afterAll(async () => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.failWith(null);
  fake.setLatency(0);
});

/** The rejection of `promise`; every one is checked never to carry the API key. */
async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(Error);
    expect(String((error as Error).message)).not.toContain(API_KEY);
    expect((error as Error).stack ?? '').not.toContain(API_KEY);
    return error as Error;
  }
  throw new Error('expected the call to reject');
}

describe('model call failures', () => {
  it('a 500 is retried twice, then rejects naming provider, model and status', async () => {
    fake.failWith(FAKE_ERRORS.serverError());
    const error = await failure(gateway.writeSection(section));
    expect(error.message).toMatch(
      /^openai-compatible model "fake-large" failed: HTTP 500: The server had an error while processing your request \(after 3 attempts\)$/,
    );
    expect(fake.requests).toHaveLength(3);
  });

  it('a 429 that clears on retry succeeds', async () => {
    let calls = 0;
    fake.failWith(null);
    const flaky = await startFakeOpenAi({ respond: () => (++calls === 1 ? FAKE_ERRORS.rateLimited() : { content: 'Done [1].' }) });
    try {
      const flakyGateway = await createModelGateway({
        provider: 'openai-compatible',
        baseUrl: flaky.baseUrl,
        apiKey: API_KEY,
        model: 'fake-large',
        gatherModel: 'fake-large',
        synthesisModel: 'fake-large',
        timeoutMs: 5000,
      });
      const result = await flakyGateway.writeSection(section);
      expect(result.value.content).toBe('Done [1].');
      expect(flaky.requests).toHaveLength(2);
    } finally {
      await flaky.close();
    }
  });

  it('a 429 that persists rejects with the status', async () => {
    fake.failWith(FAKE_ERRORS.rateLimited());
    const error = await failure(gateway.synthesize(synthesis));
    expect(error.message).toMatch(/^openai-compatible model "fake-synth" failed: HTTP 429: Rate limit reached/);
  });

  it('an answer slower than the timeout rejects with the timeout', async () => {
    fake.setLatency(60_000);
    const error = await failure(gateway.writeSection(section));
    expect(error.message).toBe('openai-compatible model "fake-large" failed: no answer within 3000 ms (LLM_TIMEOUT_MS)');
  });

  it('a response body that is not JSON rejects as invalid JSON', async () => {
    fake.failWith(FAKE_ERRORS.invalidJson());
    const error = await failure(gateway.completeDataNeed({ prompt: 'x', context: {}, models: {} }));
    expect(error.message).toBe('openai-compatible model "fake-large" failed: the provider answered with invalid JSON');
  });

  it('a structured answer that is not JSON, asked again twice, rejects naming the parse failure', async () => {
    fake.failWith({ content: 'Sure! Here is the summary: it went well.' });
    const error = await failure(gateway.synthesize(synthesis));
    expect(error.message).toBe(
      'openai-compatible model "fake-synth" failed: the answer is not valid JSON for the requested schema: it holds no JSON object (after 3 attempts)',
    );
  });

  it('never puts the API key in the message, even when the provider echoes it', async () => {
    fake.failWith({
      status: 401,
      body: { error: { message: `Incorrect API key provided: ${API_KEY}. You can find your API key at https://example.test.`, type: 'invalid_request_error' } },
    });
    const error = await failure(gateway.writeSection(section));
    expect(fake.requests[0].headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(error.message).toMatch(/^openai-compatible model "fake-large" failed: HTTP 401: Incorrect API key provided: \*\*\*\./);
    expect(error.message).not.toContain(API_KEY);
    expect(JSON.stringify(error)).not.toContain(API_KEY);
    expect(fake.requests).toHaveLength(1); // a 401 is not retried
  });

  it('an unreachable server rejects naming the provider, model and connection failure', async () => {
    const closed = await startFakeOpenAi();
    const baseUrl = closed.baseUrl;
    await closed.close();
    const options = {
      provider: 'openai-compatible' as const,
      baseUrl,
      apiKey: API_KEY,
      model: 'fake-large',
      gatherModel: 'fake-large',
      synthesisModel: 'fake-large',
    };
    const noRetry = await createModelGateway({ ...options, timeoutMs: 2000, maxRetries: 0 });
    const error = await failure(noRetry.improvePrompt({ prompt: 'p', topic: null }));
    expect(error.message).toMatch(/^openai-compatible model "fake-large" failed: request failed: Cannot connect to API: .*ECONNREFUSED/);
    expect(error.message).not.toContain(API_KEY);
    // With retries, the deadline falls inside the SDK's back-off: still reported as the timeout.
    const withRetries = await createModelGateway({ ...options, timeoutMs: 300 });
    const late = await failure(withRetries.improvePrompt({ prompt: 'p', topic: null }));
    expect(late.message).toBe('openai-compatible model "fake-large" failed: no answer within 300 ms (LLM_TIMEOUT_MS)');
  });
});
