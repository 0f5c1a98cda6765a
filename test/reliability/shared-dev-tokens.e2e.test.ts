/**
 * Issue 34 item 4: in dev mode, a token issued by one API process is accepted by every other
 * process of the deployment (two `ROLE=api` processes, each with a DATA_DIR of its own, on one
 * PostgreSQL), and both serve the same key set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_URL } from '../support/dialects.js';
import { type QuireCluster, startQuireCluster } from '../support/quire-cluster.js';

const suite = POSTGRES_URL ? describe : describe.skip;

suite('dev tokens across API processes', () => {
  let cluster: QuireCluster;
  beforeAll(async () => {
    cluster = await startQuireCluster({ apis: 2, workers: 0 });
  }, 180_000);
  afterAll(async () => cluster?.close());

  it('accepts a token from either process on the other', async () => {
    const [a, b] = cluster.apis;
    const whoami = (url: string, token: string) => fetch(`${url}/v1/whoami`, { headers: { authorization: `Bearer ${token}` } });
    expect((await whoami(b.url, a.token)).status).toBe(200);
    expect((await whoami(a.url, b.token)).status).toBe(200);
    const jwks = async (url: string) => ((await (await fetch(`${url}/auth/jwks`)).json()) as { keys: Array<{ kid: string }> }).keys.map((k) => k.kid);
    expect(await jwks(b.url)).toEqual(await jwks(a.url));
  });
});
