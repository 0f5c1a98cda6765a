/**
 * Workflows that act on a document or a prompt with the model: orchestrate (intake text →
 * fields and snippet bindings, by the organization's rulebook) and prompt assist.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { OpenObject, Ref, errorResponses } from '../../kernel/schema.js';
import { OrchestrateBody } from '../generation/generation.schemas.js';
import { type RouteDeps, contextOf } from '../route-context.js';
import { PromptAssistBody, PromptAssistResponse } from './assistants.schemas.js';
import { assistPrompt } from './commands/assist-prompt.js';
import { orchestrateDocument } from './orchestration/orchestrate-document.js';

const DocumentParams = Type.Object({ document_id: Type.String() });

/** Registers orchestrate and prompt assist on the authenticated scope. */
export function registerOrchestrateRoutes(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const orchestration = ['orchestration'];

  app.post(
    '/v1/documents/:document_id/orchestrate',
    { schema: { operationId: 'orchestrateDocument', summary: 'Extract facts from intake text, decide with the rulebook, set fields and bind snippets', tags: orchestration, params: DocumentParams, body: Ref(OrchestrateBody), response: { 200: OpenObject(), ...errorResponses(404, 422) } } },
    async (request) => orchestrateDocument(contextOf(request, deps), deps.model, request.params.document_id, request.body),
  );

  app.post(
    '/v1/prompt-assist',
    { schema: { operationId: 'promptAssist', summary: 'Improve a section prompt', tags: ['assistants'], body: Ref(PromptAssistBody), response: { 200: Ref(PromptAssistResponse), ...errorResponses(422) } } },
    async (request) => assistPrompt(deps.model, request.body),
  );
}
