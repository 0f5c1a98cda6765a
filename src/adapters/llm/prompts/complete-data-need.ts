/** An `llm` data-need: the author's prompt answered over the outputs of earlier needs. */
import type { PromptPair } from '../model-caller.js';
import { jsonBlock } from './prompt-parts.js';

/** Builds the messages for one `llm` data-need. */
export function buildCompleteDataNeedPrompt(input: { prompt: string; context: Record<string, unknown> }): PromptPair {
  const system = [
    'You answer one data request of a document generation pipeline; the answer becomes a value that the document is written from.',
    [
      'Rules:',
      '1. Use only the context in the user message; do not add facts from outside knowledge.',
      '2. Copy names, numbers, amounts and dates exactly as the context gives them.',
      '3. If the context does not contain what is asked, say that it is not known.',
      '4. Answer with the value itself: no preamble, no explanation of your method, no code fences.',
    ].join('\n'),
  ].join('\n\n');
  const user = [`Request:\n${input.prompt.trim()}`, `Context (JSON):\n${jsonBlock(input.context)}`].join('\n\n');
  return { system, user };
}
