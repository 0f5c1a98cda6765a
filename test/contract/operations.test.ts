import { describe, expect, it } from 'vitest';
import { type OpenApiDocument, listOperations, matchOperation, unvisited } from './operations.js';

const doc: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  paths: {
    '/v1/documents/{document_id}/sections/{section_id}': { put: {}, delete: {} },
    '/v1/documents/{document_id}/sections/order': { put: {} },
    '/v1/documents/{document_id}/export.docx': { get: {} },
    '/documents/validate': { post: {} },
    '/documents/{id}': { get: {}, parameters: [] },
  },
};

describe('contract tour operations', () => {
  const operations = listOperations(doc);

  it('lists every method of every path, and nothing that is not a method', () => {
    expect(operations.map((op) => op.key)).toEqual([
      'PUT /v1/documents/{document_id}/sections/{section_id}',
      'DELETE /v1/documents/{document_id}/sections/{section_id}',
      'PUT /v1/documents/{document_id}/sections/order',
      'GET /v1/documents/{document_id}/export.docx',
      'POST /documents/validate',
      'GET /documents/{id}',
    ]);
  });

  it('matches a concrete request to its operation, preferring literal segments, ignoring the query', () => {
    expect(matchOperation(operations, 'put', '/v1/documents/doc_1/sections/order')?.key).toBe('PUT /v1/documents/{document_id}/sections/order');
    expect(matchOperation(operations, 'PUT', '/v1/documents/doc_1/sections/sec_2?x=1')?.key).toBe('PUT /v1/documents/{document_id}/sections/{section_id}');
    expect(matchOperation(operations, 'GET', '/v1/documents/doc_1/exportXdocx')).toBeUndefined();
    expect(matchOperation(operations, 'POST', '/documents/validate')?.key).toBe('POST /documents/validate');
    expect(matchOperation(operations, 'GET', '/documents/a/b')).toBeUndefined();
  });

  it('says which operations were not visited', () => {
    const visited = new Set(['GET /documents/{id}', 'POST /documents/validate', 'PUT /v1/documents/{document_id}/sections/order']);
    expect(unvisited(operations, visited).map((op) => op.key)).toEqual([
      'PUT /v1/documents/{document_id}/sections/{section_id}',
      'DELETE /v1/documents/{document_id}/sections/{section_id}',
      'GET /v1/documents/{document_id}/export.docx',
    ]);
  });
});
