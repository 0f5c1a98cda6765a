/**
 * Suggested edits of a section's text (issue 33 item 4, ADR 0612): editors propose, editors and
 * above accept or reject (the default editor role), every member reads.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Ref, errorResponses } from '../../../kernel/schema.js';
import { type RouteDeps, contextOf } from '../../route-context.js';
import { CreateSuggestionBody, DecideSuggestionBody, Suggestion, SuggestionQuery } from '../collaboration.schemas.js';
import { acceptSuggestion } from './commands/accept-suggestion.js';
import { proposeSuggestion } from './commands/propose-suggestion.js';
import { rejectSuggestion } from './commands/reject-suggestion.js';
import { listSuggestions } from './queries/list-suggestions.js';

const DocumentParams = Type.Object({ document_id: Type.String() });
const SectionParams = Type.Object({ document_id: Type.String(), section_id: Type.String() });
const SuggestionParams = Type.Object({ document_id: Type.String(), suggestion_id: Type.String() });
const tags = ['suggestions'];

export function registerSuggestionRoutes(fastify: FastifyInstance, deps: RouteDeps): void {
  registerProposals(fastify, deps);
  registerDecisions(fastify, deps);
}

/** List and propose. */
function registerProposals(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/v1/documents/:document_id/suggestions',
    {
      schema: {
        operationId: 'listSuggestions',
        summary: "A document's suggested edits, newest first",
        description:
          'Each with its word diff from the text it was written against and whether the section moved on since (`stale`); filter by `section_id` and `status`. 404 when the document is absent.',
        tags,
        params: DocumentParams,
        querystring: SuggestionQuery,
        response: { 200: Type.Array(Ref(Suggestion)), ...errorResponses(404, 422) },
      },
    },
    async (request) => listSuggestions(contextOf(request, deps), request.params.document_id, request.query),
  );

  app.post(
    '/v1/documents/:document_id/sections/:section_id/suggestions',
    {
      schema: {
        operationId: 'proposeSuggestion',
        summary: "Suggest a new text for a section's output",
        description:
          'Stores the proposal with the section version it was written against and answers 201 with it; 409 when `baseVersion` is no longer current; 422 when it changes nothing or the document is finalized; 404 when absent.',
        tags,
        params: SectionParams,
        body: Ref(CreateSuggestionBody),
        response: { 201: Ref(Suggestion), ...errorResponses(404, 409, 422) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await proposeSuggestion(contextOf(request, deps), request.params.document_id, request.params.section_id, request.body)),
  );
}

/** Accept or reject: one route each, the same shape. */
function registerDecisions(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  for (const [verb, operationId, run, description] of [
    [
      'accept',
      'acceptSuggestion',
      acceptSuggestion,
      "Makes the proposal the section's output as a hand edit would (status `edited`, a new version) and answers with the suggestion; 409 when it was already decided or the section changed since it was made; 422 when the document is finalized; 404 when absent.",
    ],
    [
      'reject',
      'rejectSuggestion',
      rejectSuggestion,
      'Declines the proposal (the section is unchanged) and answers with the suggestion; 409 when it was already decided; 404 when absent.',
    ],
  ] as const) {
    app.post(
      `/v1/documents/:document_id/suggestions/:suggestion_id/${verb}`,
      {
        schema: {
          operationId,
          summary: `${verb === 'accept' ? 'Accept' : 'Reject'} a suggested edit`,
          description,
          tags,
          params: SuggestionParams,
          body: Type.Optional(Ref(DecideSuggestionBody)),
          response: { 200: Ref(Suggestion), ...errorResponses(404, 409, 422) },
        },
      },
      async (request) => run(contextOf(request, deps), request.params.document_id, request.params.suggestion_id, request.body ?? {}),
    );
  }
}
