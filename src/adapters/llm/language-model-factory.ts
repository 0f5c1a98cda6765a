/**
 * Builds the AI SDK language model for a model id, per provider. `openai-compatible` speaks the
 * chat-completions endpoint (`POST {LLM_BASE_URL}/chat/completions`), which OpenAI, vLLM, Ollama
 * and llama.cpp all serve — not OpenAI's newer `/responses`, which the others do not.
 */
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import { boundedMemo } from '../../kernel/bounded-memo.js';

export type LiveProvider = 'openai-compatible' | 'anthropic';

export interface LanguageModelFactoryOptions {
  provider: LiveProvider;
  baseUrl: string | undefined;
  apiKey: string | undefined;
}

/**
 * How many model ids keep their built model. Building one costs about a millisecond of the event
 * loop (the provider SDK sets up its request and response schemas per model object), and a run
 * asks for the same few ids dozens of times, 20 at once in its wide steps, where those
 * milliseconds were spent one after another before the requests left. A model object holds only
 * its settings, so one serves any number of calls at once. Model ids come from templates and
 * documents, so the set is bounded: the least recently used id goes first.
 */
const MAX_CACHED_MODELS = 32;

/**
 * Returns `modelId → LanguageModel` for the configured provider; each id's model is built once.
 *
 * @throws Error when `openai-compatible` has no base URL (config validation normally prevents it).
 */
export function createLanguageModelFactory(options: LanguageModelFactoryOptions): (modelId: string) => LanguageModel {
  return boundedMemo(providerModels(options), MAX_CACHED_MODELS);
}

function providerModels(options: LanguageModelFactoryOptions): (modelId: string) => LanguageModel {
  if (options.provider === 'anthropic') {
    const anthropic = createAnthropic({ apiKey: options.apiKey, ...(options.baseUrl ? { baseURL: options.baseUrl } : {}) });
    return (modelId) => anthropic(modelId);
  }
  if (!options.baseUrl) throw new Error('LLM_BASE_URL is required when LLM_PROVIDER=openai-compatible');
  const provider = createOpenAICompatible({
    name: 'openai-compatible',
    baseURL: options.baseUrl.replace(/\/+$/, ''),
    apiKey: options.apiKey,
    // json_schema response formats: OpenAI, vLLM, Ollama and llama.cpp servers accept them.
    supportsStructuredOutputs: true,
    includeUsage: true,
  });
  return (modelId) => provider.chatModel(modelId);
}
