/**
 * Reading a section writer's answer (issue 31, row 8): an empty answer, or a `json` section's
 * answer that is not JSON even after the common faults are mended (jsonrepair, as for the
 * structured answers in structured-answer.ts), cannot become the section. The gateway asks
 * again with the fault named, a bounded number of times; the other output types are prose or
 * Markdown, which any non-empty answer is.
 */
import { jsonrepair } from 'jsonrepair';
import type { ModelResult, WriteSectionInput } from '../../pipeline/ports.js';
import { ModelCallError } from './model-call-error.js';
import { MAX_STRUCTURED_RETRIES, type ModelCaller, recordedPrompt } from './model-caller.js';
import { buildWriteSectionPrompt } from './prompts/write-section.js';
import { stripCodeFences } from './strip-code-fences.js';

export type SectionReading = { ok: true; content: string } | { ok: false; error: string };

/** A `json` section's answer as JSON text (repaired when it can be), or what is wrong with it. */
function readJson(content: string): SectionReading {
  const start = content.search(/[[{]/);
  if (start < 0) return { ok: false, error: 'the answer holds no JSON value' };
  const text = content.slice(start);
  try {
    JSON.parse(text);
    return { ok: true, content: text };
  } catch (error) {
    try {
      return { ok: true, content: JSON.stringify(JSON.parse(jsonrepair(text)), null, 2) };
    } catch {
      return { ok: false, error: `the answer is not valid JSON (${error instanceof Error ? error.message : String(error)})` };
    }
  }
}

/** The section's content from a writer's answer, or what is wrong with the answer. */
export function readSectionAnswer(answer: string, outputType: WriteSectionInput['outputType']): SectionReading {
  const content = stripCodeFences(answer);
  if (content === '') return { ok: false, error: 'the answer is empty' };
  return outputType === 'json' ? readJson(content) : { ok: true, content };
}

/** The user message of a retry: the request again, with what was wrong with the last answer. */
function sectionRetryPrompt(user: string, error: string, outputType: WriteSectionInput['outputType']): string {
  const what = outputType === 'json' ? 'only the JSON value the section asks for' : 'the section body only';
  return `${user}\n\nYour previous answer could not be used: ${error}. Answer again with ${what}.`;
}

/**
 * One section written by the model: an answer that cannot be the section is asked for again
 * with its fault named, at most {@link MAX_STRUCTURED_RETRIES} times, as a structured answer is
 * (model-caller.ts); the last fault is the error, naming the section.
 */
export async function writeSectionAnswer(caller: ModelCaller, model: string, input: WriteSectionInput): Promise<ModelResult<{ content: string }>> {
  const prompt = buildWriteSectionPrompt(input);
  const usage = { inputTokens: 0, outputTokens: 0 };
  let user = prompt.user;
  let fault = '';
  let answeredBy = model;
  for (let attempt = 0; attempt <= MAX_STRUCTURED_RETRIES; attempt += 1) {
    const result = await caller.text({ model, system: prompt.system, user });
    usage.inputTokens += result.usage.inputTokens;
    usage.outputTokens += result.usage.outputTokens;
    answeredBy = result.model;
    const reading = readSectionAnswer(result.value, input.outputType);
    // The prompt recorded is the request's own, not a retry's: a reproduce replays the answer.
    if (reading.ok) return { ...result, usage, prompt: recordedPrompt(prompt), value: { content: reading.content } };
    fault = reading.error;
    user = sectionRetryPrompt(prompt.user, fault, input.outputType);
  }
  throw new ModelCallError(
    caller.provider,
    answeredBy,
    `the answer for section "${input.title}" could not be used: ${fault} (after ${MAX_STRUCTURED_RETRIES + 1} attempts)`,
  );
}
