/**
 * `GET /v1/llm-status` on a real server, on SQLite: offline by default, and the live
 * provider's models when the environment configures one (no model call is made to answer).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiFor } from '../support/api.js';
import { describeOneDialect } from '../support/dialects.js';
import { type FakeOpenAi, startFakeOpenAi } from '../support/fake-openai-server.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

describeOneDialect('llm status', (dialect) => {
  describe('offline (default)', () => {
    let server: TestServer;
    let api: Api;

    beforeAll(async () => {
      server = await startTestServer({ dialect });
      api = await apiFor(server);
    });
    afterAll(async () => server?.close());

    it('reports the offline composer for every step', async () => {
      const response = await api.get('/v1/llm-status');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ mode: 'offline', model: 'offline-composer-1', gatherModel: 'offline-composer-1', synthesisModel: 'offline-composer-1' });
    });

    it('answers the same in any organization, and requires a token', async () => {
      expect((await api.as('globex').get('/v1/llm-status')).body.mode).toBe('offline');
      const anonymous = await server.call('GET', '/v1/llm-status');
      expect(anonymous.status).toBe(401);
    });

    it('is in the /v1 OpenAPI document with its named response schema', async () => {
      const doc = (await api.get('/v1/openapi.json')).body;
      const ok = doc.paths['/v1/llm-status'].get.responses['200'];
      expect(JSON.stringify(ok)).toContain('#/components/schemas/LlmStatusResponse');
    });
  });

  describe('openai-compatible', () => {
    const API_KEY = 'sk-e2e-status-SECRET-424242';
    let fake: FakeOpenAi;
    let server: TestServer;
    let api: Api;

    beforeAll(async () => {
      fake = await startFakeOpenAi();
      server = await startTestServer({
        dialect,
        env: {
          LLM_PROVIDER: 'openai-compatible',
          LLM_BASE_URL: fake.baseUrl,
          LLM_API_KEY: API_KEY,
          LLM_MODEL: 'fake-large',
          LLM_SYNTHESIS_MODEL: 'fake-synth',
        },
      });
      api = await apiFor(server);
    });
    afterAll(async () => {
      await server?.close();
      await fake?.close();
    });

    it('reports the configured models, the gather model falling back to LLM_MODEL', async () => {
      const response = await api.get('/v1/llm-status');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ mode: 'openai-compatible', model: 'fake-large', gatherModel: 'fake-large', synthesisModel: 'fake-synth' });
    });

    it('calls no model to answer and never shows the key or the base URL', async () => {
      const response = await api.get('/v1/llm-status');
      const text = JSON.stringify(response.body);
      expect(text).not.toContain(API_KEY);
      expect(text).not.toContain(fake.url);
      expect(fake.requests).toHaveLength(0);
      expect(server.logs.join('')).not.toContain(API_KEY);
    });
  });
});
