/**
 * `POST /v1/prompt-assist`: a better section prompt from the configured model, or offline from
 * the deterministic checklist rewrite (audience, sources to cite, output type, tone, gaps).
 */
import { DomainValidationError } from '../../../kernel/errors.js';
import type { ModelGateway } from '../../../pipeline/ports.js';

export interface PromptAssistInput {
  prompt: string;
  topic?: string | null;
}

/**
 * @throws DomainValidationError when the prompt is blank (nothing to improve).
 */
export async function assistPrompt(model: ModelGateway, input: PromptAssistInput): Promise<{ prompt: string; mode: string }> {
  if (input.prompt.trim() === '') throw new DomainValidationError('prompt must not be blank');
  const topic = input.topic?.trim() ? input.topic.trim() : null;
  const improved = await model.improvePrompt({ prompt: input.prompt, topic });
  return { prompt: improved.value, mode: model.status().mode };
}
