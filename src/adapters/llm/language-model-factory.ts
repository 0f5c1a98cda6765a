/**
 * Builds the AI SDK language model for a model id, per provider. `openai-compatible` speaks the
 * chat-completions endpoint (`POST {LLM_BASE_URL}/chat/completions`), which OpenAI, vLLM, Ollama
 * and llama.cpp all serve — not OpenAI's newer `/responses`, which the others do not.
 */
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';

export type LiveProvider = 'openai-compatible' | 'anthropic';

export interface LanguageModelFactoryOptions {
  provider: LiveProvider;
  baseUrl: string | undefined;
  apiKey: string | undefined;
}

/**
 * Returns `modelId → LanguageModel` for the configured provider.
 *
 * @throws Error when `openai-compatible` has no base URL (config validation normally prevents it).
 */
export function createLanguageModelFactory(options: LanguageModelFactoryOptions): (modelId: string) => LanguageModel {
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

