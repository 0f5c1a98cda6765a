/**
 * One model call through the Vercel AI SDK, text or structured, with the service's guard rails:
 * a hard timeout (`LLM_TIMEOUT_MS`, covering retries), at most two retries (the SDK retries 429
 * and 5xx, honouring `retry-after`), usage and the model id actually used recorded, the full
 * prompt kept for the manifest, and every failure turned into a {@link ModelCallError}.
 */
import { generateText, jsonSchema, type JSONSchema7, type LanguageModel, Output } from 'ai';
import type { ModelResult } from '../../pipeline/ports.js';
import { validateAgainstSchema } from '../offline/schema-fill.js';
import { ModelCallError, toModelCallError } from './model-call-error.js';

/** A system and a user message. */
export interface PromptPair {
  system: string;
  user: string;
}

/** A structured-output request: the answer must be one JSON object matching `schema`. */
export interface ObjectRequest extends PromptPair {
  model: string;
  schema: JSONSchema7;
  /** Output name given to the provider (OpenAI's `json_schema.name`). */
  name: string;
  /**
   * Constrained decoding (OpenAI `strict`). Only for our own schemas, which are written to the
   * strict subset; an author's schema may use keywords strict mode refuses.
   */
  strict: boolean;
}

export interface ModelCallerOptions {
  /** Provider name for messages and status: `openai-compatible` or `anthropic`. */
  provider: string;
  /** Builds the SDK model for a model id. */
  languageModel: (modelId: string) => LanguageModel;
  timeoutMs: number;
  /** 0–2; the SDK's own default is 2. */
  maxRetries: number;
  /** Only to scrub it from error messages. */
  apiKey: string | undefined;
}

export interface ModelCaller {
  readonly provider: string;
  /**
   * A plain-text answer.
   *
   * @throws ModelCallError naming provider, model and cause.
   */
  text(request: PromptPair & { model: string }): Promise<ModelResult<string>>;
  /**
   * A JSON object answer, validated against the request's schema.
   *
   * @throws ModelCallError naming provider, model and cause (HTTP error, timeout, bad JSON, schema mismatch).
   */
  object(request: ObjectRequest): Promise<ModelResult<Record<string, unknown>>>;
}

/** The prompt as recorded in manifests: both messages, labelled. */
export function recordedPrompt(prompt: PromptPair): string {
  return `[system]\n${prompt.system}\n\n[user]\n${prompt.user}`;
}

/** Creates the caller for one configured provider. */
export function createModelCaller(options: ModelCallerOptions): ModelCaller {
  const maxRetries = Math.max(0, Math.min(2, options.maxRetries));
  return {
    provider: options.provider,
    text: (request) => callText(options, maxRetries, request),
    object: (request) => callObject(options, maxRetries, request),
  };
}

/** The SDK's failure as our error: timed out, refused, or what the provider said (the key never appears). */
function callError(options: ModelCallerOptions, error: unknown, model: string, signal: AbortSignal): ModelCallError {
  return toModelCallError(error, { provider: options.provider, model, timeoutMs: options.timeoutMs, apiKey: options.apiKey, timedOut: signal.aborted });
}

async function callText(options: ModelCallerOptions, maxRetries: number, request: PromptPair & { model: string }): Promise<ModelResult<string>> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  try {
    const result = await generateText({
      model: options.languageModel(request.model),
      system: request.system,
      prompt: request.user,
      maxRetries,
      abortSignal: signal,
    });
    return {
      value: result.text,
      model: result.response.modelId || request.model,
      usage: { inputTokens: result.totalUsage.inputTokens ?? 0, outputTokens: result.totalUsage.outputTokens ?? 0 },
      prompt: recordedPrompt(request),
    };
  } catch (error) {
    throw callError(options, error, request.model, signal);
  }
}

/** A structured answer: a JSON object the schema accepts (checked here, so the error says what is wrong). */
async function callObject(options: ModelCallerOptions, maxRetries: number, request: ObjectRequest): Promise<ModelResult<Record<string, unknown>>> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let result;
  try {
    result = await generateText({
      model: options.languageModel(request.model),
      system: request.system,
      prompt: request.user,
      // No SDK-side validation: ajv below checks the answer and says what is wrong.
      output: Output.object({ schema: jsonSchema<unknown>(request.schema), name: request.name }),
      providerOptions: { openaiCompatible: { strictJsonSchema: request.strict } },
      maxRetries,
      abortSignal: signal,
    });
  } catch (error) {
    throw callError(options, error, request.model, signal);
  }
  const model = result.response.modelId || request.model;
  let value: unknown;
  try {
    value = result.output;
  } catch (error) {
    throw callError(options, error, model, signal);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ModelCallError(options.provider, model, 'the answer is not a JSON object');
  }
  const errors = validateAgainstSchema(request.schema, value);
  if (errors.length > 0) {
    throw new ModelCallError(options.provider, model, `the answer does not match the schema: ${errors.slice(0, 5).join('; ')}`);
  }
  return {
    value: value as Record<string, unknown>,
    model,
    usage: { inputTokens: result.totalUsage.inputTokens ?? 0, outputTokens: result.totalUsage.outputTokens ?? 0 },
    prompt: recordedPrompt(request),
  };
}
