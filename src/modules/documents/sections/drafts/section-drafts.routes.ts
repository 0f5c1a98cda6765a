/** A section's draft: read, save while typing, discard (ADR 0621). Publishing is `PUT …/output`. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Ref, errorResponses } from '../../../../kernel/schema.js';
import { type RouteDeps, contextOf } from '../../../route-context.js';
import { discardSectionDraft, getSectionDraft, presentSectionDraft, saveSectionDraft } from './section-drafts.js';
import { SectionDraft, SectionDraftBody } from './section-drafts.schemas.js';

const SectionParams = Type.Object({ document_id: Type.String(), section_id: Type.String() });
const tags = ['sections'];
const url = '/v1/documents/:document_id/sections/:section_id/draft';

export function registerSectionDraftRoutes(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    url,
    {
      schema: {
        operationId: 'getSectionDraft',
        summary: "The section's unpublished draft",
        description: 'The text saved while editing and not yet published; 404 when the document or section is absent or the section has no draft.',
        tags,
        params: SectionParams,
        response: { 200: Ref(SectionDraft), ...errorResponses(404) },
      },
    },
    async (request) => presentSectionDraft(await getSectionDraft(contextOf(request, deps), request.params.document_id, request.params.section_id)),
  );

  app.put(
    url,
    {
      schema: {
        operationId: 'saveSectionDraft',
        summary: 'Save the draft of a section (autosave)',
        description:
          "Replaces the section's draft with the text sent; the section's own text is unchanged until `PUT …/output` publishes it (which removes the draft). 404 when absent, 422 when the document is finalized.",
        tags,
        params: SectionParams,
        body: Ref(SectionDraftBody),
        response: { 200: Ref(SectionDraft), ...errorResponses(404, 422) },
      },
    },
    async (request) =>
      presentSectionDraft(await saveSectionDraft(contextOf(request, deps), request.params.document_id, request.params.section_id, request.body)),
  );

  app.delete(
    url,
    {
      schema: {
        operationId: 'discardSectionDraft',
        summary: "Discard the section's draft",
        description: "Removes the draft; the section's text is unchanged. 404 when the document or section is absent or the section has no draft.",
        tags,
        params: SectionParams,
        response: { 200: Type.Object({ ok: Type.Boolean() }), ...errorResponses(404) },
      },
    },
    async (request) => {
      await discardSectionDraft(contextOf(request, deps), request.params.document_id, request.params.section_id);
      return { ok: true };
    },
  );
}
