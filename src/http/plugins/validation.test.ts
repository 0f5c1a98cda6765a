/**
 * Validators compiled on first use (validation.ts): a route's validator is not built until a
 * request needs it, and then behaves as the compiled one did: a bad body is refused with the
 * validator's errors, a query string is coerced, a body is not.
 */
import Fastify from 'fastify';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { compiledOnFirstUse, installValidation } from './validation.js';

describe('validators compiled on first use', () => {
  it('compiles once, on the first call, and exposes the errors of the last call', () => {
    let compiles = 0;
    const validate = compiledOnFirstUse(() => {
      compiles += 1;
      return new Ajv().compile({ type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] });
    });
    expect(compiles).toBe(0);
    expect(validate({ n: 'x' })).toBe(false);
    expect(validate.errors?.[0]?.instancePath).toBe('/n');
    expect(validate({ n: 1 })).toBe(true);
    expect(validate.errors).toBeNull();
    expect(compiles).toBe(1);
  });

  it('refuses a bad body, coerces a query string and leaves a body uncoerced, through Fastify', async () => {
    const app = Fastify();
    installValidation(app, [{ $id: 'Thing', type: 'object', properties: { title: { type: ['string', 'null'] } }, required: ['title'] }]);
    app.post(
      '/things',
      { schema: { body: { $ref: 'Thing' }, querystring: { type: 'object', properties: { dry_run: { type: 'boolean' } } } } },
      async (request) => ({ body: request.body, query: request.query }),
    );
    try {
      const bad = await app.inject({ method: 'POST', url: '/things', payload: { title: 12 } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/title/);
      const good = await app.inject({ method: 'POST', url: '/things?dry_run=true', payload: { title: null } });
      expect(good.statusCode).toBe(200);
      expect(good.json()).toEqual({ body: { title: null }, query: { dry_run: true } });
    } finally {
      await app.close();
    }
  });
});
