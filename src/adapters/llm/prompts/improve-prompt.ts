/** Prompt assist: rewrites an author's section prompt into a clearer one. */
import type { PromptPair } from '../model-caller.js';

/** Builds the messages for one prompt rewrite. */
export function buildImprovePromptPrompt(input: { prompt: string; topic: string | null }): PromptPair {
  const system = [
    "You improve the prompts that authors write for sections of generated documents. The prompt will be given to a writer model together with numbered sources and the document's data.",
    [
      'A good section prompt:',
      '- says what the section must cover, in order, and for which reader;',
      '- names the data or sources it should draw on;',
      '- gives the expected length and form (paragraphs, bullet list, table);',
      '- asks for every sourced statement to be cited and for gaps to be stated as not known.',
    ].join('\n'),
    "Keep the author's intent, language and every specific detail they gave; do not invent facts. Answer with the improved prompt only: no preamble, no quotes, no code fences.",
  ].join('\n\n');
  const user = [`Topic: ${input.topic && input.topic.trim() !== '' ? input.topic.trim() : '(not given)'}`, `Prompt to improve:\n${input.prompt.trim()}`].join(
    '\n\n',
  );
  return { system, user };
}
