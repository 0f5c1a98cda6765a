/**
 * One model call through the Vercel AI SDK, text or structured, with the service's guard rails:
 * a hard timeout (`LLM_TIMEOUT_MS`, covering retries), at most two retries (the SDK retries 429
 * and 5xx, honouring `retry-after`), usage and the model id actually used recorded, the full
 * prompt kept for the manifest, and every failure turned into a {@link ModelCallError}.
 */
import { generateText, jsonSchema, type JSONSchema7, type LanguageModel, NoObjectGeneratedError, Output } from 'ai';
import type { ModelResult } from '../../pipeline/ports.js';
import { ModelCallError, toModelCallError } from './model-call-error.js';
import { readStructuredAnswer } from './structured-answer.js';

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

/** How many times a structured request is asked again after an answer that cannot be used. */
export const MAX_STRUCTURED_RETRIES = 2;

/** One structured attempt's answer text (what the SDK could not parse is read here instead) and its usage. */
async function askForObject(options: ModelCallerOptions, maxRetries: number, request: ObjectRequest, user: string, signal: AbortSignal) {
  try {
    const result = await generateText({
      model: options.languageModel(request.model),
      system: request.system,
      prompt: user,
      // No SDK-side validation: the answer is read, repaired and checked in structured-answer.ts.
      output: Output.object({ schema: jsonSchema<unknown>(request.schema), name: request.name }),
      providerOptions: { openaiCompatible: { strictJsonSchema: request.strict } },
      maxRetries,
      abortSignal: signal,
    });
    const usage = { inputTokens: result.totalUsage.inputTokens ?? 0, outputTokens: result.totalUsage.outputTokens ?? 0 };
    return { text: result.text, model: result.response.modelId || request.model, usage };
  } catch (error) {
    // An answer the SDK could not parse or validate still arrived: it is read (and repaired) here.
    if (NoObjectGeneratedError.isInstance(error) && typeof error.text === 'string') {
      const usage = { inputTokens: error.usage?.inputTokens ?? 0, outputTokens: error.usage?.outputTokens ?? 0 };
      return { text: error.text, model: error.response?.modelId || request.model, usage };
    }
    throw callError(options, error, request.model, signal);
  }
}

/** The user message of a retry: the request again, with what was wrong with the last answer. */
function retryPrompt(user: string, error: string): string {
  return `${user}\n\nYour previous answer could not be used: ${error}. Answer again with only one JSON object that matches the schema.`;
}

/**
 * A structured answer: a JSON object the schema accepts. A malformed answer is repaired when it
 * can be (structured-answer.ts); else the model is asked again, at most
 * {@link MAX_STRUCTURED_RETRIES} times, with the fault fed back; the last fault is the error.
 */
async function callObject(options: ModelCallerOptions, maxRetries: number, request: ObjectRequest): Promise<ModelResult<Record<string, unknown>>> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  const usage = { inputTokens: 0, outputTokens: 0 };
  let user = request.user;
  let model = request.model;
  let fault = '';
  for (let attempt = 0; attempt <= MAX_STRUCTURED_RETRIES; attempt += 1) {
    const answer = await askForObject(options, maxRetries, request, user, signal);
    usage.inputTokens += answer.usage.inputTokens;
    usage.outputTokens += answer.usage.outputTokens;
    model = answer.model;
    const reading = readStructuredAnswer(answer.text, request.schema);
    if (reading.ok) return { value: reading.value, model, usage, prompt: recordedPrompt(request) };
    fault = reading.error;
    user = retryPrompt(request.user, fault);
  }
  throw new ModelCallError(options.provider, model, `${fault} (after ${MAX_STRUCTURED_RETRIES + 1} attempts)`);
}
