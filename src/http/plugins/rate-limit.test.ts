import net, { type AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Actor } from '../../kernel/actor.js';
import { ErrorMessage } from '../../kernel/schema.js';
import { installErrorHandling } from './errors.js';
import { installRateLimit } from './rate-limit.js';

let app: FastifyInstance;

/** Moves the clock the limiter reads (only Date is faked: the app's own timers keep running). */
function advance(ms: number): void {
  vi.setSystemTime(Date.now() + ms);
}

async function appWith(limits: { perMinute: number; loginPerMinute: number; redisUrl?: string }): Promise<FastifyInstance> {
  vi.useFakeTimers({ toFake: ['Date'], now: 1_000_000 });
  const built = Fastify();
  // The 429 each limited route documents refers to it.
  built.addSchema(ErrorMessage);
  installErrorHandling(built);
  await installRateLimit(built, limits);
  // Stands in for the auth hook: the caller named by a header.
  built.addHook('onRequest', (request, _reply, done) => {
    const user = request.headers['x-user'];
    if (typeof user === 'string') request.actor = { userId: user } as Actor;
    done();
  });
  built.get('/v1/whoami', async () => ({ ok: true }));
  built.post('/auth/dev-login', async () => ({ token: 't' }));
  built.get('/health', async () => ({ status: 'ok' }));
  await built.ready();
  return built;
}

afterEach(async () => {
  vi.useRealTimers();
  await app?.close();
});

describe('rate limit', () => {
  it('allows perMinute calls per user, saying what is left, then answers 429 with Retry-After and a detail until the window ends', async () => {
    app = await appWith({ perMinute: 2, loginPerMinute: 1 });
    const first = await app.inject({ method: 'GET', url: '/v1/whoami', headers: { 'x-user': 'ann' } });
    expect(first.statusCode).toBe(200);
    expect([first.headers['x-ratelimit-limit'], first.headers['x-ratelimit-remaining'], first.headers['x-ratelimit-reset']]).toEqual(['2', '1', '60']);
    advance(20_000);
    expect((await app.inject({ method: 'GET', url: '/v1/whoami', headers: { 'x-user': 'ann' } })).headers['x-ratelimit-remaining']).toBe('0');
    const refused = await app.inject({ method: 'GET', url: '/v1/whoami', headers: { 'x-user': 'ann' } });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('40');
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect(refused.json()).toEqual({ detail: expect.stringMatching(/rate limit/i) });
    // Another user, from the same address, has a budget of their own.
    expect((await app.inject({ method: 'GET', url: '/v1/whoami', headers: { 'x-user': 'bob' } })).statusCode).toBe(200);
    advance(40_000);
    expect((await app.inject({ method: 'GET', url: '/v1/whoami', headers: { 'x-user': 'ann' } })).statusCode).toBe(200);
  });

  it('limits logins per address with their own budget, and never the probes', async () => {
    app = await appWith({ perMinute: 100, loginPerMinute: 1 });
    expect((await app.inject({ method: 'POST', url: '/auth/dev-login' })).statusCode).toBe(200);
    const again = await app.inject({ method: 'POST', url: '/auth/dev-login' });
    expect(again.statusCode).toBe(429);
    expect(again.headers['x-ratelimit-limit']).toBe('1');
    // Anonymous calls from the same address still have the per-route budget.
    expect((await app.inject({ method: 'GET', url: '/v1/whoami' })).statusCode).toBe(200);
    const statuses = new Set<number>();
    for (let i = 0; i < 5; i += 1) {
      const probe = await app.inject({ method: 'GET', url: '/health' });
      expect(probe.headers['x-ratelimit-limit']).toBeUndefined();
      statuses.add(probe.statusCode);
    }
    expect([...statuses]).toEqual([200]);
  });

  it('serves every request, uncounted, while the shared store (Redis) cannot be reached', async () => {
    // A port nobody listens on: the one a listener had a moment ago.
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    app = await appWith({ perMinute: 1, loginPerMinute: 1, redisUrl: `redis://127.0.0.1:${port}` });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await app.inject({ method: 'GET', url: '/v1/whoami', headers: { 'x-user': 'ann' } })).statusCode);
    expect(statuses).toEqual([200, 200, 200]);
  });
});
