/**
 * Gateway construction per provider, and the Anthropic provider against a small fake of the
 * Messages API (`POST /v1/messages`), so the real SDK provider code runs.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModelGateway } from './create-model-gateway.js';

interface AnthropicRequest {
  headers: http.IncomingHttpHeaders;
  body: {
    model: string;
    system?: Array<{ text: string }> | string;
    messages: Array<{ role: string; content: Array<{ type: string; text?: string }> | string }>;
    output_config?: { format?: { type: string; schema: unknown } };
    tools?: Array<{ name: string }>;
  };
}

/** Answers every message request with `answer` as text (or, when the SDK asks for its JSON tool, as that tool's input). */
async function startFakeAnthropic(
  answer: () => { text: string } | { status: number; message: string },
): Promise<{ url: string; requests: AnthropicRequest[]; close(): Promise<void> }> {
  const requests: AnthropicRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as AnthropicRequest['body'];
      requests.push({ headers: req.headers, body });
      const reply = answer();
      if ('status' in reply) {
        res.writeHead(reply.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ type: 'error', error: { type: 'api_error', message: reply.message } }));
        return;
      }
      const jsonTool = body.tools?.find((t) => t.name === 'json');
      const content = jsonTool
        ? [{ type: 'tool_use', id: 'toolu_1', name: 'json', input: JSON.parse(reply.text) as unknown }]
        : [{ type: 'text', text: reply.text }];
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'msg_fake',
          type: 'message',
          role: 'assistant',
          model: body.model,
          content,
          stop_reason: jsonTool ? 'tool_use' : 'end_turn',
          stop_sequence: null,
          usage: { input_tokens: 77, output_tokens: 11 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const MODELS = { model: 'm-default', gatherModel: 'm-gather', synthesisModel: 'm-synth', timeoutMs: 5000 };

describe('createModelGateway', () => {
  it('offline (the default) is the deterministic composer', async () => {
    const gateway = await createModelGateway({ provider: 'offline', baseUrl: undefined, apiKey: undefined, ...MODELS });
    expect(gateway.status()).toEqual({ mode: 'offline', model: 'offline-composer-1', gatherModel: 'offline-composer-1', synthesisModel: 'offline-composer-1' });
  });

  it('openai-compatible reports its mode and the environment models, without a network call', async () => {
    const gateway = await createModelGateway({ provider: 'openai-compatible', baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'sk-x', ...MODELS });
    expect(gateway.status()).toEqual({ mode: 'openai-compatible', model: 'm-default', gatherModel: 'm-gather', synthesisModel: 'm-synth' });
  });

  it('openai-compatible without a base URL is refused', async () => {
    await expect(createModelGateway({ provider: 'openai-compatible', baseUrl: undefined, apiKey: undefined, ...MODELS })).rejects.toThrow(
      /LLM_BASE_URL is required/,
    );
  });

  it('anthropic is created from a key alone and reports its models', async () => {
    const gateway = await createModelGateway({ provider: 'anthropic', baseUrl: undefined, apiKey: 'sk-ant-x', ...MODELS });
    expect(gateway.status()).toEqual({ mode: 'anthropic', model: 'm-default', gatherModel: 'm-gather', synthesisModel: 'm-synth' });
  });
});

describe('anthropic against a fake Messages API', () => {
  const API_KEY = 'sk-ant-test-SECRET-55555';
  let fake: Awaited<ReturnType<typeof startFakeAnthropic>>;
  let next: () => { text: string } | { status: number; message: string } = () => ({ text: 'ok' });

  beforeAll(async () => {
    fake = await startFakeAnthropic(() => next());
  });
  afterAll(async () => fake.close());

  it('writes a section with the system prompt and the x-api-key header', async () => {
    next = () => ({ text: 'The lease runs for 24 months [1].' });
    const gateway = await createModelGateway({ provider: 'anthropic', baseUrl: fake.url, apiKey: API_KEY, ...MODELS });
    const result = await gateway.writeSection({
      title: 'Term',
      prompt: null,
      outputType: 'markdown',
      context: {},
      sources: [{ n: 1, title: 'Lease', text: 'The lease runs for 24 months.' }],
      voice: { name: 'Crisp', description: 'Short sentences.', samples: [] },
      brief: {},
      models: { render: 'claude-test-render' },
    });
    const request = fake.requests.at(-1);
    expect(request?.headers['x-api-key']).toBe(API_KEY);
    expect(request?.body.model).toBe('claude-test-render');
    expect(JSON.stringify(request?.body.system)).toContain('Voice: \\"Crisp\\"');
    expect(JSON.stringify(request?.body.messages)).toContain('[1] Lease\\nThe lease runs for 24 months.');
    expect(result).toMatchObject({
      value: { content: 'The lease runs for 24 months [1].' },
      model: 'claude-test-render',
      usage: { inputTokens: 77, outputTokens: 11 },
    });
  });

  it('synthesizes with structured output and validates the answer', async () => {
    next = () => ({ text: '{"risk": "low"}' });
    const gateway = await createModelGateway({ provider: 'anthropic', baseUrl: fake.url, apiKey: API_KEY, ...MODELS });
    const schema = { type: 'object', properties: { risk: { type: 'string' } }, required: ['risk'], additionalProperties: false };
    const result = await gateway.synthesize({ fields: {}, gathered: {}, computed: {}, brief: null, instructions: null, schema, models: {} });
    expect(result.value).toEqual({ risk: 'low' });
    expect(fake.requests.at(-1)?.body.model).toBe('m-synth');
    // The SDK asks for the schema natively (output_config) or through its `json` tool, by model.
    const body = fake.requests.at(-1)?.body;
    const sent = body?.output_config?.format?.schema ?? (body?.tools?.find((t) => t.name === 'json') as { input_schema?: unknown } | undefined)?.input_schema;
    expect(sent).toEqual(schema);
  });

  it('a provider error names anthropic, the model and the cause, not the key', async () => {
    next = () => ({ status: 400, message: `invalid x-api-key ${API_KEY}` });
    const gateway = await createModelGateway({ provider: 'anthropic', baseUrl: fake.url, apiKey: API_KEY, ...MODELS });
    const error = await gateway.improvePrompt({ prompt: 'p', topic: null }).then(
      () => new Error('expected a rejection'),
      (e: unknown) => e as Error,
    );
    expect(error.message).toBe('anthropic model "m-default" failed: HTTP 400: invalid x-api-key ***');
  });
});
