/**
 * Chooses the language model gateway from the configuration: `offline` (the deterministic
 * composer, no network), `openai-compatible` (any chat-completions server: OpenAI, vLLM, Ollama,
 * llama.cpp) or `anthropic`, the last two through the Vercel AI SDK.
 */
import type { ModelGateway } from '../../pipeline/ports.js';
import { createOfflineModelGateway } from '../offline/offline-model-gateway.js';

export interface ModelGatewayOptions {
  provider: 'offline' | 'openai-compatible' | 'anthropic';
  baseUrl: string | undefined;
  apiKey: string | undefined;
  model: string;
  gatherModel: string;
  synthesisModel: string;
  timeoutMs: number;
  /** Retries of a failed call (429, 5xx), 0–2; default 2. */
  maxRetries?: number;
}

/**
 * Builds the gateway. Creating a live gateway makes no network call. The AI SDK and its
 * providers (about 40 MB of resident memory) are loaded only for a live provider, so the
 * default offline service never holds them.
 *
 * @throws Error when `openai-compatible` has no base URL.
 */
export async function createModelGateway(options: ModelGatewayOptions): Promise<ModelGateway> {
  if (options.provider === 'offline') return createOfflineModelGateway();
  const [{ createLanguageModelFactory }, { createLiveModelGateway }, { createModelCaller }] = await Promise.all([
    import('./language-model-factory.js'),
    import('./live-model-gateway.js'),
    import('./model-caller.js'),
  ]);
  const caller = createModelCaller({
    provider: options.provider,
    languageModel: createLanguageModelFactory({ provider: options.provider, baseUrl: options.baseUrl, apiKey: options.apiKey }),
    timeoutMs: options.timeoutMs,
    maxRetries: options.maxRetries ?? 2,
    apiKey: options.apiKey,
  });
  return createLiveModelGateway(caller, { model: options.model, gatherModel: options.gatherModel, synthesisModel: options.synthesisModel });
}
