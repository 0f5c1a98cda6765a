/**
 * Issue #28, row 6: a flood of requests without a valid token (none, a junk one, a forged JWT)
 * is limited per IP like any other call: its 401s spend the address's budget and, past it, the
 * answer is 429 `{detail}` with `Retry-After`. A signed-in user from the same address keeps a
 * budget of their own. With `RATE_LIMIT_REDIS_URL`, API processes count in one shared budget.
 *
 * SQLite only: the limit sits in front of the database and does not depend on its dialect.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, startTestServer } from '../support/test-server.js';

const LIMIT = 12;
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';

/** Whether a Redis answers at REDIS_URL (the shared-store test skips, saying so, without one). */
async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const FORGED_JWT = 'eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ4IiwiZXhwIjo0MTAyNDQ0ODAwfQ.c2lnbmF0dXJl';

/** The statuses of `count` calls to a protected route without a valid token, cycling through the ways of having none. */
async function unauthenticatedStatuses(server: TestServer, count: number): Promise<number[]> {
  const ways: Array<Record<string, string>> = [
    {},
    { authorization: 'Bearer junk' },
    { authorization: `Bearer ${FORGED_JWT}` },
    { authorization: 'Basic Zm9vOmJhcg==' },
  ];
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) statuses.push((await server.call('GET', '/v1/documents', { headers: ways[i % ways.length] })).status);
  return statuses;
}

describe('requests without a valid token are limited per IP (issue #28, row 6)', () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ dialect: 'sqlite', env: { RATE_LIMIT_PER_MINUTE: String(LIMIT) } });
    // Signed in before the flood: the login has a budget of its own.
    token = await server.login();
  });
  afterAll(async () => server?.close());

  it('answers 401 until the address has spent its budget, then 429 with Retry-After and a detail', async () => {
    const statuses = await unauthenticatedStatuses(server, LIMIT);
    expect(statuses).toEqual(Array(LIMIT).fill(401));
    const limited = await server.call('GET', '/v1/documents', { headers: { authorization: 'Bearer junk' } });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('x-ratelimit-limit')).toBe(String(LIMIT));
    expect(await limited.json()).toEqual({ detail: expect.stringMatching(/rate limit/i) });
    // Other token-less calls from that address are in the same budget.
    expect((await server.call('GET', '/openapi.json')).status).toBe(429);
    // A signed-in user at the same address is counted apart, so the flood does not lock them out.
    expect((await server.call('GET', '/v1/whoami', { token })).status).toBe(200);
  });
});

describe.skipIf(!(await redisAnswers()))(`with RATE_LIMIT_REDIS_URL, API processes share the budget (skipped without a Redis at ${REDIS_URL})`, () => {
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    // Both servers count 127.0.0.1 under one key; a run of this file less than a minute ago left its count there.
    const redis = new Redis(REDIS_URL);
    await redis.del('quire-rate-limit-ip:127.0.0.1');
    redis.disconnect();
    const env = { RATE_LIMIT_PER_MINUTE: String(LIMIT), RATE_LIMIT_REDIS_URL: REDIS_URL };
    first = await startTestServer({ dialect: 'sqlite', env });
    second = await startTestServer({ dialect: 'sqlite', env });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it("counts an address's calls to either process in one budget", async () => {
    const half = LIMIT / 2;
    expect([...(await unauthenticatedStatuses(first, half)), ...(await unauthenticatedStatuses(second, half))]).toEqual(Array(LIMIT).fill(401));
    expect((await first.call('GET', '/v1/documents')).status).toBe(429);
    expect((await second.call('GET', '/v1/documents')).status).toBe(429);
  });
});
