/** `POST /documents/{id}/export/{exporter_name}` and `GET /exporters`. */
import { Readable } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Ref, errorResponses } from '../../../kernel/schema.js';
import { type RouteDeps, contextOf } from '../../route-context.js';
import { inlineDisposition } from '../uploads/content-headers.js';
import { exportDocument } from './commands/export-document.js';
import { ExportPolicy as Policy } from '../wire-enums.js';
import { EXPORTERS } from './exporter-catalog.js';
import { ExporterList } from './exporter.schemas.js';

const tags = ['exporters'];
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
  registerExporterList(fastify, deps);
  registerSourceExport(fastify, deps);
}

/** List the exporters. */
function registerExporterList(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/exporters',
    {
      schema: {
        operationId: 'listExporters',
        summary: 'The exporters',
        description: "Each exporter's name (the `{exporter_name}` of an export), media type and body options.",
        tags,
        response: { 200: Ref(ExporterList) },
      },
    },
    async (request) => {
      contextOf(request, deps);
      return { exporters: [...EXPORTERS] };
    },
  );
}

/** Export one source document. */
function registerSourceExport(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/documents/:id/export/:exporter_name',
    {
      schema: {
        operationId: 'exportSourceDocument',
        summary: 'Export extracted data',
        description:
          'On a source document (`sdoc_` id), not a /v1 document. Policy validated_only (default) or all (also ?policy=); unknown exporter → 404 "exporter not found". X-Export-Item-Count and ETag on every answer.',
        tags,
        params: Type.Object({ id: Type.String(), exporter_name: Type.String() }),
        querystring: Type.Object({ policy: Type.Optional(Policy) }),
        body: ExportBody,
        response: {
          200: {
            description: "The export, in the exporter's media type (GET /exporters)",
            headers: {
              'x-export-item-count': { type: 'integer', description: 'How many items the export holds' },
              etag: { type: 'string', description: 'A hash of what the export follows (document, items, options), quoted; weak (W/) for xlsx' },
            },
            content: {
              // Each JSON exporter has its own shape (json, flat-json, corrections, data-needs): free JSON here.
              'application/json': {
                schema: {
                  description:
                    'json: the document header and its items; flat-json: {key: value_text}; corrections: gold pairs; data-needs: {document_id, fields_set, data_needs_bound, citations}',
                },
              },
              'text/csv': { schema: { type: 'string', description: 'One row per item' } },
              'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
                schema: { type: 'string', format: 'binary', description: 'Sheets items, provenance and corrections' },
              },
            },
          },
          ...errorResponses(404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const out = await exportDocument(contextOf(request, deps), request.params.id, request.params.exporter_name, {
        ...body,
        policy: body.policy ?? request.query.policy,
      });
      // Attachments (csv, xlsx) keep the bare media type, JSON answers name their charset.
      reply
        .header('x-export-item-count', String(out.item_count))
        .header('etag', out.etag)
        .header('content-type', out.filename ? out.media_type : `${out.media_type}; charset=utf-8`);
      if (out.filename) reply.header('content-disposition', inlineDisposition(out.filename).replace(/^inline/, 'attachment'));
      // A stream is piped to the client as it is read (ADR 0731); a failure after the first byte
      // ends the response broken, never as a complete-looking file.
      if (out.body instanceof Readable) return reply.send(out.body);
      reply.serializer(JSON.stringify);
      return reply.send(out.body);
    },
  );
}
