/**
 * Workflows that act on a document or a prompt with the model: orchestrate (intake text →
 * fields and snippet bindings, by the organization's rulebook) and prompt assist.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Ref, errorResponses } from '../../kernel/schema.js';
import { type RouteDeps, contextOf } from '../route-context.js';
import { OrchestrateBody, OrchestrateResponse, PromptAssistBody, PromptAssistResponse } from './assistants.schemas.js';
import { assistPrompt } from './commands/assist-prompt.js';
import { orchestrateDocument } from './orchestration/orchestrate-document.js';

const DocumentParams = Type.Object({ document_id: Type.String() });

/** Registers orchestrate and prompt assist on the authenticated scope. */
export function registerOrchestrateRoutes(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const orchestration = ['orchestration'];

  app.post(
    '/v1/documents/:document_id/orchestrate',
    {
      schema: {
        operationId: 'orchestrateDocument',
        summary: 'Extract facts from intake text, decide with the rulebook, set fields and bind snippets',
        description:
          "Extracts facts from the intake text with the model, runs the organization's rulebook over them, sets fields and binds snippets, and answers with the review payload (plan, bound snippets, entities, values set and skipped); 422 for blank text or a finalized document, 404 when absent.",
        tags: orchestration,
        params: DocumentParams,
        body: Ref(OrchestrateBody),
        response: { 200: Ref(OrchestrateResponse), ...errorResponses(404, 422) },
      },
    },
    async (request) => orchestrateDocument(contextOf(request, deps), deps.model, request.params.document_id, request.body),
  );

  app.post(
    '/v1/prompt-assist',
    {
      schema: {
        operationId: 'promptAssist',
        summary: 'Improve a section prompt',
        description: 'Rewrites a section prompt to be clearer and more specific with the model (offline: a deterministic rewrite); 422 for a blank prompt.',
        tags: ['assistants'],
        body: Ref(PromptAssistBody),
        response: { 200: Ref(PromptAssistResponse), ...errorResponses(422) },
      },
    },
    async (request) => assistPrompt(deps.model, request.body),
  );
}
