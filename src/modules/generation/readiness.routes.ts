/**
 * What a document's inputs add up to: `GET /readiness` (the verdict and every gap),
 * `GET /computed` (computations over the persisted gathered rows) and `PUT /state`, whose
 * `finalized` is gated on readiness, and the section list (`GET …/sections`), whose generated
 * sections carry `staleBecause` (derived from the latest run's derivation record). All read the
 * input assembler, which spans every base module, so they live in the workflow tier. The document
 * detail (`GET /v1/documents/{id}`) is served by documents/detail/document-detail.routes.ts with
 * this tier's reader, handed in by app.ts.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Ref, errorResponses } from '../../kernel/schema.js';
import { setLifecycleState } from '../documents/commands/set-lifecycle-state.js';
import { DocumentDetail, StateBody } from '../documents/documents.schemas.js';
import { Section } from '../documents/sections/sections.schemas.js';
import { ComputedResponse, Readiness } from './generation.schemas.js';
import { type RouteDeps, contextOf } from '../route-context.js';
import { getComputed } from './queries/get-computed.js';
import { documentDetailWithStaleness, listSectionsWithStaleness } from './queries/document-staleness.js';
import { finalizeBlockers } from './inputs/readiness-input.js';
import { getReadiness } from './queries/get-readiness.js';

const DocumentParams = Type.Object({ document_id: Type.String() });
const tags = ['documents'];

/** Registers sections, lifecycle state, readiness and computed on the authenticated scope (right after the document detail). */
export function registerReadinessRoutes(fastify: FastifyInstance, deps: RouteDeps): void {
  registerSectionsAndState(fastify, deps);
  registerReadinessReports(fastify, deps);
}

/** List the sections; set the lifecycle state. */
function registerSectionsAndState(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/v1/documents/:document_id/sections',
    {
      schema: {
        operationId: 'listSections',
        summary: 'Sections in order',
        description:
          "The document's sections in order; each whose output came from a run carries `staleBecause` (see `getDocument`). 404 when the document is absent.",
        tags: ['sections'],
        params: DocumentParams,
        response: { 200: Type.Array(Ref(Section)), ...errorResponses(404) },
      },
    },
    async (request) => listSectionsWithStaleness(contextOf(request, deps), deps, request.params.document_id),
  );

  app.put(
    '/v1/documents/:document_id/state',
    {
      schema: {
        operationId: 'setState',
        summary: 'Set the lifecycle state (draft, under-review, finalized)',
        description:
          'Any state may follow any other, but `finalized` is refused (422 naming the blockers, nothing changed) while the document has a blocking readiness gap, judged as a finalized document: a draft risk block bound, a required field empty, a value not of its type…. 422 for a state outside the three; 404 when the document is absent.',
        tags,
        params: DocumentParams,
        body: Ref(StateBody),
        response: { 200: Ref(DocumentDetail), ...errorResponses(404, 422) },
      },
    },
    async (request) => {
      const ctx = contextOf(request, deps);
      const document = await setLifecycleState(ctx, request.params.document_id, request.body.state, finalizeBlockers);
      return documentDetailWithStaleness(ctx, deps, document);
    },
  );
}

/** Readiness and computed values. */
function registerReadinessReports(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/v1/documents/:document_id/readiness',
    {
      schema: {
        operationId: 'getReadiness',
        summary: 'Readiness verdict and gaps',
        description:
          'Whether generation should proceed, the UI state (`ready`, `needs_input`: a person can fill the gaps, `blocked`: the definition must change) and every gap with its subject and whether it blocks. The same verdict gates `POST …/generate` (`pipeline_blocked`). Templates are checked in a tenant-code worker: one too costly to check is a `template_syntax_error` gap naming its budget. 404 when the document is absent; 503 with `Retry-After` when the service is overloaded.',
        tags,
        params: DocumentParams,
        response: {
          200: Ref(Readiness),
          ...errorResponses(404, 503),
        },
      },
    },
    async (request) => getReadiness(contextOf(request, deps), request.params.document_id),
  );

  app.get(
    '/v1/documents/:document_id/computed',
    {
      schema: {
        operationId: 'getComputed',
        summary: 'Computed values from persisted gathered rows',
        description:
          'Evaluates the named computations over the stored gathered values and the fields, never dispatching a tool, and says which inputs are missing; 404 when the document is absent, 422 naming the budget (time, memory, depth, sequence, size, queue) when a computation runs out of one.',
        tags,
        params: DocumentParams,
        response: { 200: Ref(ComputedResponse), ...errorResponses(404, 422) },
      },
    },
    async (request) => getComputed(contextOf(request, deps), request.params.document_id),
  );
}
