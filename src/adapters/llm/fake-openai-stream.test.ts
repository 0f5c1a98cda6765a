/**
 * The shared fake OpenAI server (test/support/fake-openai-server.ts) also speaks the streaming
 * protocol, for generation tests that stream: the real SDK's `streamText` reads its SSE frames.
 */
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { streamText } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from '../../../test/support/fake-openai-server.js';

let fake: FakeOpenAi;

beforeAll(async () => {
  fake = await startFakeOpenAi({
    respond: (request) => ({
      content: `Echo of "${request.user}": a longer answer split over several chunks.`,
      usage: { promptTokens: 12, completionTokens: 34 },
    }),
  });
});
afterAll(async () => fake.close());

describe('fake OpenAI server, streaming', () => {
  it('streams the answer as chat.completion.chunk frames with usage at the end', async () => {
    const provider = createOpenAICompatible({ name: 'fake', baseURL: fake.baseUrl, includeUsage: true });
    const result = streamText({ model: provider.chatModel('fake-stream'), system: 'Be brief.', prompt: 'hi' });
    let text = '';
    let chunks = 0;
    for await (const delta of result.textStream) {
      text += delta;
      chunks += 1;
    }
    expect(text).toBe('Echo of "hi": a longer answer split over several chunks.');
    expect(chunks).toBeGreaterThan(1);
    expect(await result.usage).toMatchObject({ inputTokens: 12, outputTokens: 34 });
    const request = fake.requests.at(-1);
    expect(request?.stream).toBe(true);
    expect(request?.system).toBe('Be brief.');
  });
});
