/**
 * Sections of a document: create, edit, delete, reorder, hand-edited output, versions. The list
 * (`GET …/sections`) carries derived staleness, so its route is in generation/readiness.routes.ts.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Ref, errorResponses } from '../../../kernel/schema.js';
import { type RouteDeps, contextOf } from '../../route-context.js';
import { applySectionOutput } from './commands/apply-section-output.js';
import { createSection } from './commands/create-section.js';
import { createSectionTitleOnly } from './commands/create-section-title-only.js';
import { deleteSection } from './commands/delete-section.js';
import { editSection } from './commands/edit-section.js';
import { reorderSections } from './commands/reorder-sections.js';
import { listSectionVersions } from './queries/list-sections.js';
import { presentSection } from './section.presenter.js';
import { CreateSectionBody, ReorderSectionsBody, Section, SectionEditBody, SectionOutputBody, SectionVersion } from './sections.schemas.js';
import { PageQuery, PagedArray, pageOf, sendPage } from '../../paging.js';
import { registerSectionDraftRoutes } from './drafts/section-drafts.routes.js';

const DocumentParams = Type.Object({ document_id: Type.String() });
const SectionParams = Type.Object({ document_id: Type.String(), section_id: Type.String() });
const tags = ['sections'];

export function registerSectionRoutes(fastify: FastifyInstance, deps: RouteDeps): void {
  registerSectionStructure(fastify, deps);
  registerSectionEdits(fastify, deps);
  registerSectionOutputs(fastify, deps);
  registerSectionDraftRoutes(fastify, deps);
}

/** Create sections and reorder them. */
function registerSectionStructure(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/v1/documents/:document_id/sections',
    {
      schema: {
        operationId: 'createSection',
        summary: 'Create a section (title only, or fully configured)',
        description:
          'Appends a section (defaults: `render_mode` synthesized, `output_type` string) and answers 201 with it; 422 for a blank title, a value outside its set, a template that does not parse or a finalized document; 404 when the document is absent.',
        tags,
        params: DocumentParams,
        body: Ref(CreateSectionBody),
        response: { 201: Ref(Section), ...errorResponses(404, 422, 503) },
      },
    },
    async (request, reply) => {
      const ctx = contextOf(request, deps);
      const body = request.body;
      // The one branch a route may take: the contract names two creation commands.
      const isTitleOnly = Object.keys(body).every((key) => key === 'title');
      const section = isTitleOnly
        ? await createSectionTitleOnly(ctx, request.params.document_id, { title: body.title })
        : await createSection(ctx, request.params.document_id, body);
      return reply.status(201).send(presentSection(section));
    },
  );

  app.put(
    '/v1/documents/:document_id/sections/order',
    {
      schema: {
        operationId: 'reorderSections',
        summary: 'Reorder sections (an exact permutation)',
        description:
          'Puts the sections in the order given and answers with them in that order; 422 unless the ids are every section of the document exactly once; 404 when the document is absent.',
        tags,
        params: DocumentParams,
        body: Ref(ReorderSectionsBody),
        response: { 200: Type.Array(Ref(Section)), ...errorResponses(404, 422) },
      },
    },
    async (request) => (await reorderSections(contextOf(request, deps), request.params.document_id, request.body.sectionIds)).map(presentSection),
  );
}

/** Edit and delete one section. */
function registerSectionEdits(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.put(
    '/v1/documents/:document_id/sections/:section_id',
    {
      schema: {
        operationId: 'editSection',
        summary: 'Edit a section (only sent keys change)',
        description:
          'Changes the keys sent and answers with the section; 422 for an empty body, a blank title or a value outside its set; 404 when the document or section is absent.',
        tags,
        params: SectionParams,
        body: Ref(SectionEditBody),
        response: { 200: Ref(Section), ...errorResponses(404, 422, 503) },
      },
    },
    async (request) => presentSection(await editSection(contextOf(request, deps), request.params.document_id, request.params.section_id, request.body)),
  );

  app.delete(
    '/v1/documents/:document_id/sections/:section_id',
    {
      schema: {
        operationId: 'deleteSection',
        summary: 'Delete a section',
        description: 'Removes the section from the document; 404 when the document or section is absent, 422 when the document is finalized.',
        tags,
        params: SectionParams,
        response: { 200: Type.Object({ ok: Type.Boolean() }), ...errorResponses(404, 422) },
      },
    },
    async (request) => {
      await deleteSection(contextOf(request, deps), request.params.document_id, request.params.section_id);
      return { ok: true };
    },
  );
}

/** Set the output of one section; list its versions. */
function registerSectionOutputs(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.put(
    '/v1/documents/:document_id/sections/:section_id/output',
    {
      schema: {
        operationId: 'putSectionOutput',
        summary: 'Apply a hand-edited output (status edited, new version)',
        description:
          "Stores the content as the section's output, sets its status to `edited` (generate then answers 409 unless forced), records a version and removes the section's draft (publishing it); 404 when absent, 422 when the document is finalized.",
        tags,
        params: SectionParams,
        body: Ref(SectionOutputBody),
        response: { 200: Ref(Section), ...errorResponses(404, 422) },
      },
    },
    async (request) =>
      presentSection(await applySectionOutput(contextOf(request, deps), request.params.document_id, request.params.section_id, request.body.content)),
  );

  app.get(
    '/v1/documents/:document_id/sections/:section_id/versions',
    {
      schema: {
        operationId: 'listSectionVersions',
        summary: "The section's output history, newest first",
        description: 'Every recorded output of the section (generated, edited, restored, captured), newest first; 404 when the document or section is absent.',
        tags: ['history'],
        params: SectionParams,
        querystring: PageQuery,
        response: { 200: PagedArray(Ref(SectionVersion)), ...errorResponses(404, 422) },
      },
    },
    async (request, reply) =>
      sendPage(
        request,
        reply,
        await listSectionVersions(contextOf(request, deps), request.params.document_id, request.params.section_id, pageOf(request.query)),
      ),
  );
}
