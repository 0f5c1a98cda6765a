/**
 * A fake OpenAI-compatible model server for tests: a real `node:http` server on 127.0.0.1 that
 * speaks the chat-completions protocol (`POST /v1/chat/completions`), so the real AI SDK
 * provider code runs end to end — request building, headers, JSON parsing, retries, timeouts.
 *
 * ```ts
 * const fake = await startFakeOpenAi({
 *   respond: (request) => (request.responseFormat ? { content: JSON.stringify({ summary: 'x' }) } : { content: 'Hello [1].' }),
 *   latencyMs: 0,
 * });
 * // LLM_BASE_URL = fake.baseUrl  (…/v1)
 * fake.requests[0].system;            // what the system prompt carried
 * fake.failWith({ status: 500 });     // every following request answers 500 (null: back to respond)
 * await fake.close();
 * ```
 *
 * Answers: `{content}` (a normal completion; for `response_format: json_schema` put the JSON
 * string in `content`, as OpenAI does), `{status, body?, headers?}` (an HTTP error; add
 * `headers: {'retry-after-ms': '1'}` to keep the SDK's retries fast), or `{raw}` (a 200 whose body
 * is the given text — e.g. not JSON at all). Requests with `stream: true` get real SSE frames
 * (`data: {chunk}\n\n` … `data: [DONE]\n\n`) carrying the same content and usage.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One chat message as the client sent it (content flattened to text). */
export interface FakeChatMessage {
  role: string;
  content: string;
}

/** A chat-completions request the fake received, parsed. */
export interface FakeChatRequest {
  /** Request path, e.g. `/v1/chat/completions`. */
  path: string;
  /** Lower-cased request headers (the Authorization header included, for assertions). */
  headers: http.IncomingHttpHeaders;
  /** The parsed JSON body as sent. */
  body: Record<string, unknown>;
  /** `body.model`. */
  model: string;
  messages: FakeChatMessage[];
  /** All system messages joined by blank lines. */
  system: string;
  /** All user messages joined by blank lines. */
  user: string;
  /** `body.response_format` (e.g. `{type: 'json_schema', json_schema: {name, schema, strict}}`), or null. */
  responseFormat: Record<string, unknown> | null;
  /**
   * `response_format.json_schema.name`, or null for a plain-text request. Quire's gateway names
   * its structured calls `synthesized_context`, `claim_verdicts` and `extracted_facts`; its text
   * calls (sections, llm data-needs, prompt assist) have none — tell them apart by `system`.
   */
  schemaName: string | null;
  /** Whether the client asked for an SSE stream. */
  stream: boolean;
}

/** A normal completion. Usage defaults to an estimate (characters / 4). */
export interface FakeContentAnswer {
  content: string;
  /** The model id reported back (default: the requested one). */
  model?: string;
  usage?: { promptTokens: number; completionTokens: number } | null;
  finishReason?: string;
}

/** An HTTP error answer. `body` defaults to OpenAI's error shape for the status. */
export interface FakeErrorAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A 200 answer with this exact body text (use it to send invalid JSON). */
export interface FakeRawAnswer {
  raw: string;
}

export type FakeAnswer = FakeContentAnswer | FakeErrorAnswer | FakeRawAnswer;

export interface FakeOpenAiOptions {
  /** Chooses the answer for each request (default: `{content: 'ok'}`). May be async. */
  respond?: (request: FakeChatRequest) => FakeAnswer | Promise<FakeAnswer>;
  /** Delay before each answer, in ms (default 0). */
  latencyMs?: number;
}

export interface FakeOpenAi {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** `url + '/v1'`: what `LLM_BASE_URL` / `baseURL` should be. */
  baseUrl: string;
  /** Every chat-completions request received, in order. */
  requests: FakeChatRequest[];
  /** Resolves with the first request once it has arrived (at once if it already has). */
  firstRequest(): Promise<FakeChatRequest>;
  /** Answers every following request with this (e.g. `{status: 500}`); `null` goes back to `respond`. */
  failWith(answer: FakeAnswer | null): void;
  /** Changes the delay for following requests. */
  setLatency(ms: number): void;
  /** Stops the server, dropping open connections. */
  close(): Promise<void>;
}

/** Canned error answers for the common cases. */
export const FAKE_ERRORS = {
  serverError: (): FakeErrorAnswer => ({ status: 500, headers: { 'retry-after-ms': '1' } }),
  rateLimited: (): FakeErrorAnswer => ({ status: 429, headers: { 'retry-after-ms': '1' } }),
  invalidJson: (): FakeRawAnswer => ({ raw: '{"id": "chatcmpl-broken", "choices": [' }),
};

function flattenContent(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part: unknown) => (typeof part === 'object' && part !== null && 'text' in part && typeof part.text === 'string' ? part.text : ''))
      .join('');
  }
  return '';
}

function parseRequest(path: string, headers: http.IncomingHttpHeaders, body: Record<string, unknown>): FakeChatRequest {
  const rawMessages = Array.isArray(body.messages) ? (body.messages as unknown[]) : [];
  const messages: FakeChatMessage[] = rawMessages.map((m) => {
    const message = (typeof m === 'object' && m !== null ? m : {}) as Record<string, unknown>;
    return { role: String(message.role ?? ''), content: flattenContent(message.content) };
  });
  const join = (role: string) =>
    messages
      .filter((m) => m.role === role)
      .map((m) => m.content)
      .join('\n\n');
  const responseFormat = typeof body.response_format === 'object' && body.response_format !== null ? (body.response_format as Record<string, unknown>) : null;
  const jsonSchema = responseFormat?.json_schema;
  const schemaName =
    typeof jsonSchema === 'object' && jsonSchema !== null && 'name' in jsonSchema && typeof jsonSchema.name === 'string' ? jsonSchema.name : null;
  return {
    path,
    headers,
    body,
    model: String(body.model ?? ''),
    messages,
    system: join('system'),
    user: join('user'),
    responseFormat,
    schemaName,
    stream: body.stream === true,
  };
}

const STATUS_ERRORS: Record<number, { type: string; message: string }> = {
  400: { type: 'invalid_request_error', message: 'Bad request' },
  401: { type: 'invalid_request_error', message: 'Incorrect API key provided' },
  404: { type: 'invalid_request_error', message: 'The model does not exist' },
  429: { type: 'rate_limit_error', message: 'Rate limit reached' },
  500: { type: 'server_error', message: 'The server had an error while processing your request' },
  503: { type: 'server_error', message: 'The engine is currently overloaded' },
};

function estimateTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

function sendCompletion(res: http.ServerResponse, request: FakeChatRequest, answer: FakeContentAnswer, sequence: number): void {
  const id = `chatcmpl-fake-${sequence}`;
  const created = Math.floor(Date.now() / 1000);
  const model = answer.model ?? request.model;
  const promptText = request.messages.map((m) => m.content).join('\n');
  const usage =
    answer.usage === null
      ? undefined
      : {
          prompt_tokens: answer.usage?.promptTokens ?? estimateTokens(promptText),
          completion_tokens: answer.usage?.completionTokens ?? estimateTokens(answer.content),
          total_tokens: (answer.usage?.promptTokens ?? estimateTokens(promptText)) + (answer.usage?.completionTokens ?? estimateTokens(answer.content)),
        };
  const finishReason = answer.finishReason ?? 'stop';
  if (!request.stream) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id,
        object: 'chat.completion',
        created,
        model,
        choices: [{ index: 0, message: { role: 'assistant', content: answer.content }, finish_reason: finishReason }],
        ...(usage ? { usage } : {}),
      }),
    );
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const frame = (delta: Record<string, unknown>, finish: string | null, extra: Record<string, unknown> = {}) =>
    `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish }], ...extra })}\n\n`;
  res.write(frame({ role: 'assistant', content: '' }, null));
  // Several chunks, as a real server sends, so clients that join deltas are exercised.
  for (const piece of answer.content.match(/[\s\S]{1,16}/g) ?? []) res.write(frame({ content: piece }, null));
  res.write(frame({}, finishReason, usage ? { usage } : {}));
  res.end('data: [DONE]\n\n');
}

function sendError(res: http.ServerResponse, answer: FakeErrorAnswer): void {
  const known = STATUS_ERRORS[answer.status] ?? { type: 'server_error', message: `Error ${answer.status}` };
  const body = answer.body ?? { error: { message: known.message, type: known.type, param: null, code: null } };
  res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

/**
 * Starts the fake server on a free port of 127.0.0.1.
 *
 * @throws Error when the server cannot listen.
 */
export async function startFakeOpenAi(options: FakeOpenAiOptions = {}): Promise<FakeOpenAi> {
  const requests: FakeChatRequest[] = [];
  const waiting: Array<(request: FakeChatRequest) => void> = [];
  let override: FakeAnswer | null = null;
  let latencyMs = options.latencyMs ?? 0;
  const respond = options.respond ?? (() => ({ content: 'ok' }));

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void handle(req, res, Buffer.concat(chunks).toString('utf8'));
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, text: string): Promise<void> {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'POST' || !path.endsWith('/chat/completions')) {
      sendError(res, { status: 404, body: { error: { message: `no route ${req.method} ${path}`, type: 'invalid_request_error' } } });
      return;
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      sendError(res, { status: 400, body: { error: { message: 'request body is not JSON', type: 'invalid_request_error' } } });
      return;
    }
    const request = parseRequest(path, req.headers, body);
    requests.push(request);
    for (const resolve of waiting.splice(0)) resolve(requests[0]);
    const sequence = requests.length;
    // eslint-disable-next-line no-restricted-syntax -- the latency a test asks of this fake model server is its behaviour, not a test's wait
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
    // The client may have given up (timeout) while we waited: nothing left to answer.
    if (res.destroyed || req.socket.destroyed) return;
    let answer: FakeAnswer;
    try {
      answer = override ?? (await respond(request));
    } catch (error) {
      answer = { status: 500, body: { error: { message: `fake handler threw: ${(error as Error).message}`, type: 'server_error' } } };
    }
    if ('raw' in answer) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(answer.raw);
    } else if ('status' in answer) {
      sendError(res, answer);
    } else {
      sendCompletion(res, request, answer, sequence);
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    baseUrl: `${url}/v1`,
    requests,
    firstRequest: () => (requests.length > 0 ? Promise.resolve(requests[0]) : new Promise<FakeChatRequest>((resolve) => waiting.push(resolve))),
    failWith: (answer) => {
      override = answer;
    },
    setLatency: (ms) => {
      latencyMs = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
