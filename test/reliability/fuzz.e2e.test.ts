/**
 * Schema-driven fuzzing of every operation of the served contract (issue #13): the test server's
 * own `/openapi.json` is read, one fast-check property per operation sends requests built from
 * the operation's path/query/body schemas (valid-ish and hostile, path ids drawn from a seeded
 * organization), and every answer must be below 500, in the `{detail}` shape when an error, and
 * on time. `/health` must still answer afterwards.
 *
 * CI: a fixed seed and a bounded number of runs (FUZZ_RUNS per operation). `npm run fuzz` runs
 * longer with a random seed; the seed and any shrunk counterexample are printed, and
 * `FUZZ_SEED=<seed> npm run fuzz` replays a run.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Api, apiFor } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { type TestServer, startTestServer } from '../support/test-server.js';
import { requestsFor } from './support/openapi-arbitraries.js';
import { type JsonSchema, listOperations } from './support/openapi-operations.js';
import { describeRequest, judge, send } from './support/fuzz-http.js';
import { type IdPools, RELIABILITY_SERVER_ENV, seedOrganization } from './support/seed-organization.js';

const LONG = process.env.FUZZ_LONG === '1';
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : LONG ? Math.floor(Math.random() * 2 ** 31) : 20261124;
const RUNS = Number(process.env.FUZZ_RUNS ?? (LONG ? 100 : 25));
/** FUZZ_ONLY=<operationId>: replay one operation (its seed is SEED + its index). */
const ONLY = process.env.FUZZ_ONLY;
const TIMEOUT_MS = LONG ? 6 * 60 * 60_000 : 240_000;

describeEachDialect('fuzzing every operation of /openapi.json', (dialect) => {
  let server: TestServer;
  let api: Api;
  let token: string;
  let pools: IdPools;

  beforeAll(async () => {
    server = await startTestServer({ dialect, env: RELIABILITY_SERVER_ENV });
    token = await server.login();
    api = await apiFor(server);
    pools = await seedOrganization(server, api, token, 'fuzz');
  });
  afterAll(async () => server?.close());

  it(
    'answers every fuzzed request below 500, errors as {detail}, and stays up',
    async () => {
      const doc = (await api.get('/openapi.json')).body as JsonSchema;
      const operations = listOperations(doc);
      // The whole-service document: the /v1 API, the assessment area, webhooks and the service routes.
      expect(operations.length).toBeGreaterThanOrEqual(139);
      console.log(`fuzz [${dialect}]: seed ${SEED}, ${RUNS} runs × ${operations.length} operations (replay: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS})`);
      const statuses = new Map<number, number>();
      const failures: string[] = [];
      const slow: string[] = [];
      const started = Date.now();
      for (const [index, op] of operations.entries()) {
        if (ONLY && op.operationId !== ONLY) continue;
        const requests = requestsFor(op, pools);
        const details = await fc.check(
          fc.asyncProperty(requests, async (request) => {
            const sent = Date.now();
            const answer = await send(server, token, 'acme', request).catch((error: Error) => {
              throw new Error(`no answer (${error.message})\n    request: ${describeRequest(request)}`);
            });
            if (Date.now() - sent > 2000) slow.push(`${Date.now() - sent} ms ${answer.status} ${describeRequest(request)}`);
            statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
            const problem = judge(answer);
            if (problem) throw new Error(`${problem}\n    request: ${describeRequest(request)}`);
          }),
          { seed: SEED + index, numRuns: RUNS },
        );
        if (details.failed) {
          const message = `${op.method} ${op.path} (${op.operationId}): ${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}\n    seed ${SEED + index}, path ${details.counterexamplePath}, shrunk ${details.numShrinks} times`;
          failures.push(message);
          console.log(`fuzz [${dialect}] counterexample: ${message}`);
        }
        // Background work the fuzzed requests started (runs, extractions) settles between operations.
        await server.jobs.idle();
      }
      const total = [...statuses.values()].reduce((a, b) => a + b, 0);
      console.log(
        `fuzz [${dialect}]: ${total} requests in ${((Date.now() - started) / 1000).toFixed(1)} s; by status ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`,
      );
      if (slow.length > 0) console.log(`fuzz [${dialect}]: ${slow.length} requests over 2 s:\n  ${slow.join('\n  ')}`);
      expect(total).toBeGreaterThanOrEqual(ONLY ? RUNS : operations.length * RUNS);
      expect(failures).toEqual([]);
      const health = await fetch(`${server.url}/health`, { signal: AbortSignal.timeout(2000) });
      expect(health.status).toBe(200);
    },
    TIMEOUT_MS,
  );
});
