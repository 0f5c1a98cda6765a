/** `POST /documents/{id}/export/{exporter_name}` and `GET /exporters`. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { OpenObject, errorResponses } from '../../../kernel/schema.js';
import { type RouteDeps, contextOf } from '../../route-context.js';
import { inlineDisposition } from '../uploads/content-headers.js';
import { exportDocument } from './commands/export-document.js';
import { EXPORTERS } from './exporter-catalog.js';

const tags = ['exporters'];
const Policy = Type.Union([Type.Literal('validated_only'), Type.Literal('all')]);
const ExportBody = Type.Object(
  {
    policy: Type.Optional(Policy),
    only_validated: Type.Optional(Type.Boolean()),
    include_provenance: Type.Optional(Type.Boolean()),
    include_rejected: Type.Optional(Type.Boolean()),
    options: Type.Optional(Type.Object({}, { additionalProperties: true })),
  },
  { additionalProperties: false },
);

export function registerExporterRoutes(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/exporters', { schema: { operationId: 'listExporters', summary: 'The exporters', tags, response: { 200: OpenObject() } } }, async (request) => {
    contextOf(request, deps);
    return { exporters: EXPORTERS };
  });

  app.post(
    '/documents/:id/export/:exporter_name',
    {
      schema: {
        operationId: 'exportSourceDocument',
        summary: 'Export extracted data',
        description: 'On a source document (`sdoc_` id), not a /v1 document. Policy validated_only (default) or all (also ?policy=); unknown exporter → 404 "exporter not found". X-Export-Item-Count and ETag on every answer.',
        tags,
        params: Type.Object({ id: Type.String(), exporter_name: Type.String() }),
        querystring: Type.Object({ policy: Type.Optional(Policy) }),
        body: ExportBody,
        response: { 200: { description: 'The export (JSON, CSV or XLSX by exporter)' }, ...errorResponses(404, 409, 422) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const out = await exportDocument(contextOf(request, deps), request.params.id, request.params.exporter_name, { ...body, policy: body.policy ?? request.query.policy });
      reply.header('x-export-item-count', String(out.item_count)).header('etag', out.etag).header('content-type', Buffer.isBuffer(out.body) ? out.media_type : `${out.media_type}; charset=utf-8`);
      if (out.filename) reply.header('content-disposition', inlineDisposition(out.filename).replace(/^inline/, 'attachment'));
      if (Buffer.isBuffer(out.body)) return reply.send(out.body);
      reply.serializer(JSON.stringify);
      return reply.send(out.body);
    },
  );
}
