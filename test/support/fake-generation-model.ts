/**
 * Canned answers a fake OpenAI-compatible server gives a generation run: the synthesized
 * context as the JSON its schema asks for, `{}` for any other structured request, and a short
 * cited sentence for each written section. Runs against it finish (`pipeline_finished`).
 */
import type { FakeChatRequest } from './fake-openai-server.js';

export const SYNTHESIS = {
  summary: 'Acme grew revenue by 15% in 2025.',
  key_facts: ['Revenue grew 15% in 2025.'],
  parties: [{ name: 'Acme GmbH', kind: 'organization', role: 'Subject' }],
  dates: ['2025'],
  amounts: [],
  open_questions: [],
};

export function answerGeneration(request: FakeChatRequest): { content: string } {
  if (request.schemaName === 'synthesized_context') return { content: JSON.stringify(SYNTHESIS) };
  if (request.schemaName) return { content: JSON.stringify({}) };
  return { content: 'Revenue grew 15% in 2025 [1].' };
}

/**
 * A template whose runs call the model once per written section (two) and render one section
 * without it; the verify judge is deterministic, so every model call is a section's.
 */
export function writtenTemplate(slug: string, title: string): Record<string, unknown> {
  return {
    slug,
    title,
    config: { verify: { judge: 'deterministic' } },
    sections: [
      { key: 'a', title: 'Written A', prompt: 'Write one sentence.' },
      { key: 'b', title: 'Written B', prompt: 'Write another sentence.' },
      { key: 't', title: 'Templated', render_mode: 'templated', output_type: 'markdown', output_template: 'Fixed text.' },
    ],
  };
}
