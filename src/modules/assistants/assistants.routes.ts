/** Authoring assistants: Jinja tidy, and the language model status. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Ref, errorResponses } from '../../kernel/schema.js';
import type { RouteDeps } from '../route-context.js';
import { LlmStatusResponse, TidyTemplateBody, TidyTemplateResponse } from './assistants.schemas.js';
import { tidyJinjaTemplate } from './commands/tidy-jinja-template.js';

/** Registers the assistant routes; `deps.model` answers the status (never a secret: no key, no URL). */
export function registerAssistantRoutes(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/v1/jinja/tidy',
    {
      schema: {
        operationId: 'tidyTemplate',
        summary: "Re-indent a template's block tags without changing what it renders",
        description:
          'Re-indents the block tags of a Jinja template without changing what it renders (checked in a tenant-code worker); 422 for a body without a `template` string, a template that does not parse or one over its budget; 503 with `Retry-After` when the service is overloaded.',
        tags: ['assistants'],
        body: Ref(TidyTemplateBody),
        response: { 200: Ref(TidyTemplateResponse), ...errorResponses(422, 503) },
      },
    },
    async (request) => ({ tidied: await tidyJinjaTemplate(request.body.template) }),
  );
  app.get(
    '/v1/llm-status',
    {
      schema: {
        operationId: 'getLlmStatus',
        summary: 'Which language model mode and models the service uses by default',
        description: 'Which language model mode (offline, openai-compatible, anthropic) and models the service uses by default; never a key or URL.',
        tags: ['assistants'],
        response: { 200: Ref(LlmStatusResponse) },
      },
    },
    async () => {
      const { mode, model, gatherModel, synthesisModel } = deps.model.status();
      return { mode, model, gatherModel, synthesisModel };
    },
  );
}
