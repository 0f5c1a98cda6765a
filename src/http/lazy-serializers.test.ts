/**
 * Serializers compiled on first use against only the named schemas they reach: a response whose
 * schema reaches a named schema through another still serializes by both (unknown properties
 * dropped, as fast-json-stringify does), and the reach is what `schemasReferencedBy` says.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { lazySerializerFactory } from './lazy-serializers.js';
import { schemasReferencedBy } from './referenced-schemas.js';

const NAMED = {
  Money: { $id: 'Money', type: 'object', properties: { amount: { type: 'number' }, currency: { type: 'string' } } },
  Line: { $id: 'Line', type: 'object', properties: { label: { type: 'string' }, price: { $ref: 'Money#' } } },
  Invoice: { $id: 'Invoice', type: 'object', properties: { lines: { type: 'array', items: { $ref: 'Line' } }, total: { $ref: 'Money#/properties/amount' } } },
  Unrelated: { $id: 'Unrelated', type: 'object', properties: { note: { type: 'string' } } },
};

describe('schemasReferencedBy', () => {
  it('gives the named schemas a schema reaches, through others and through pointers into them', () => {
    expect(Object.keys(schemasReferencedBy({ $ref: 'Invoice' }, NAMED)).sort()).toEqual(['Invoice', 'Line', 'Money']);
    expect(Object.keys(schemasReferencedBy({ type: 'object', properties: { price: { $ref: 'Money#' } } }, NAMED))).toEqual(['Money']);
  });

  it('gives none for a schema without references, and every one for a reference it cannot name', () => {
    expect(schemasReferencedBy({ type: 'object', properties: { ok: { type: 'boolean' }, self: { $ref: '#/properties/ok' } } }, NAMED)).toEqual({});
    expect(schemasReferencedBy({ $ref: 'https://example.com/schemas/Invoice.json' }, NAMED)).toBe(NAMED);
  });
});

describe('lazy serializers over HTTP', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => app?.close());

  it('serializes through nested named schemas, dropping what they do not declare', async () => {
    app = Fastify({ schemaController: { compilersFactory: { buildSerializer: lazySerializerFactory() } } });
    for (const schema of Object.values(NAMED)) app.addSchema(schema);
    app.get('/invoice', { schema: { response: { 200: { $ref: 'Invoice#' } } } }, async () => ({
      lines: [{ label: 'Audit', price: { amount: 100, currency: 'USD', internal: 'x' }, secret: true }],
      total: 100,
      extra: 'dropped',
    }));
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${url}/invoice`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ lines: [{ label: 'Audit', price: { amount: 100, currency: 'USD' } }], total: 100 });
  });
});
