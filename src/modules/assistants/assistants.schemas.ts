/** Wire schemas of the assistants (prompt assist, Jinja tidy, model status). */
import { Type } from 'typebox';
import { Nullable } from '../../kernel/schema.js';

export const PromptAssistBody = Type.Object(
  { prompt: Type.String({ description: 'must not be blank' }), topic: Type.Optional(Nullable(Type.String())) },
  { $id: 'PromptAssistBody', additionalProperties: false },
);

export const PromptAssistResponse = Type.Object(
  { prompt: Type.String(), mode: Type.String() },
  { $id: 'PromptAssistResponse' },
);

export const TidyTemplateBody = Type.Object(
  { template: Type.String({ description: 'raw template text to indent' }) },
  { $id: 'TidyTemplateBody', additionalProperties: false },
);

export const TidyTemplateResponse = Type.Object({ tidied: Type.String() }, { $id: 'TidyTemplateResponse' });

export const LlmStatusResponse = Type.Object(
  { mode: Type.String(), model: Type.String(), gatherModel: Type.String(), synthesisModel: Type.String() },
  { $id: 'LlmStatusResponse' },
);

export const ASSISTANT_SCHEMAS = [PromptAssistBody, PromptAssistResponse, TidyTemplateBody, TidyTemplateResponse, LlmStatusResponse];
