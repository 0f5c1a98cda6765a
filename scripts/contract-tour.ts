/**
 * The contract tour (issue #12): the wire checked against both OpenAPI documents by a tool
 * nobody here wrote. Starts a real Quire server (SQLite, fresh DATA_DIR, demo data), writes its
 * two documents, starts Stoplight Prism's validating proxy for each, and sends a tour of every
 * operation through them: pass 1 sends everything through the whole-service document, pass 2
 * the `/v1` steps again through the `/v1` document. Binary and streaming operations go straight
 * to the server and are checked by test/contract/wire-checks.ts.
 *
 *   npm run contract:tour
 *
 * Prints every violation grouped by operation and counted by kind, and the operations of each
 * document the tour did not visit. Exit 0: clean; 1: violations or unvisited operations; 2: the
 * tour itself could not run.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startJsonApiServer } from '../src/adapters/tools/test-support/tool-test-servers.js';
import { assessmentSections } from '../test/contract/tour-assessments.js';
import { Coverage, type Lane, TourClient } from '../test/contract/tour-client.js';
import { collaborationSections } from '../test/contract/tour-collaboration.js';
import { liveSections } from '../test/contract/tour-live.js';
import { documentSections } from '../test/contract/tour-documents.js';
import { assessmentErrorSections, v1ErrorSections } from '../test/contract/tour-errors.js';
import { librarySections } from '../test/contract/tour-library.js';
import { memberSections } from '../test/contract/tour-members.js';
import { organizationSections } from '../test/contract/tour-organization.js';
import { webhookSections } from '../test/contract/tour-webhooks.js';
import { mergeSections } from '../test/contract/tour-merge.js';
import { wordTemplateSections } from '../test/contract/tour-word-templates.js';
import { type Section, type Tour, runSections } from '../test/contract/tour.js';
import { type OpenApiDocument, unvisited } from '../test/contract/operations.js';
import { type PrismProxy, startPrismProxy } from '../test/contract/prism-proxy.js';
import { type Violation, formatReport } from '../test/contract/violations.js';
import { startQuire } from '../test/contract/quire-server.js';
import { writeOpenApiDocuments } from './openapi-documents.js';

const started = Date.now();
const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'quire-contract-tour-'));
const toolApi = await startJsonApiServer();
const server = await startQuire({ TOOL_ALLOWED_HOSTS: `127.0.0.1:${toolApi.port}` });
const proxies: PrismProxy[] = [];
let exitCode = 2;
// Stopped from outside (CI's timeout, Ctrl-C): take the Prism children down too.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void Promise.all(proxies.map((p) => p.close())).finally(() => process.exit(2));
  });
}
try {
  const [wholeFile, v1File] = await writeOpenApiDocuments(server.app, workDir);
  const read = async (file: string) => JSON.parse(await fs.readFile(file, 'utf8')) as OpenApiDocument;
  const whole = new Coverage('/openapi.json', await read(wholeFile));
  const v1 = new Coverage('/v1/openapi.json', await read(v1File));
  proxies.push(
    ...(await Promise.all([
      startPrismProxy(wholeFile, server.url, path.join(workDir, 'prism-whole.log')),
      startPrismProxy(v1File, server.url, path.join(workDir, 'prism-v1.log')),
    ])),
  );
  const [wholeProxy, v1Proxy] = proxies;
  console.log(
    `contract tour: server ${server.url} (${server.build}), Prism ${wholeProxy.url} (${whole.operations.length} operations) and ${v1Proxy.url} (${v1.operations.length}), ready in ${Date.now() - started} ms`,
  );

  /** One pass: its groups of sections run side by side, each group in order. */
  const pass = async (suffix: string, lane: Lane, groups: Array<Record<string, Section>>, login: (client: TourClient) => Promise<string>) => {
    const client = new TourClient(server.url, [lane]);
    client.token = await login(client);
    const tour: Tour = {
      client,
      server,
      toolApi,
      suffix,
      state: { documentId: '', editedSectionId: '' },
      wire: { serverUrl: server.url, token: client.token, org: client.org, coverages: [lane.coverage], violations: client.violations, notes: new Set() },
    };
    const durations = Object.assign({}, ...(await Promise.all(groups.map((sections) => runSections(tour, sections))))) as Record<string, number>;
    for (const op of unvisited(lane.coverage.operations, lane.coverage.visited)) {
      client.violations.push({
        operation: op.key,
        source: 'tour',
        location: 'coverage',
        message: `not visited by the tour: add a step for it (test/contract/tour-*.ts)`,
        request: '',
      });
    }
    return { client, notes: tour.wire.notes, durations };
  };

  const service: Section = async ({ client }) => {
    await client.get('/health');
    await client.get('/ready');
    await client.get('/auth/jwks');
    // The tour's server runs in dev mode, which has no OIDC sign-in: both answer their documented 404
    // (the exchange, renewal and revocation are covered by test/e2e/oidc-sign-in.e2e.test.ts and
    // test/e2e/console-oidc-refresh.e2e.test.ts against providers that speak the protocol).
    await client.get('/auth/oidc/config', 404);
    await client.post(
      '/auth/oidc/token',
      { code: 'tour-code', codeVerifier: 'v'.repeat(43), redirectUri: `${server.url}/app/callback`, nonce: 'tour-nonce-0123456789' },
      404,
    );
    await client.post('/auth/oidc/refresh', { refreshToken: 'tour-refresh-token' }, 404);
    await client.post('/auth/oidc/revoke', { refreshToken: 'tour-refresh-token' }, 404);
  };
  // The passes, and the document and assessment groups within a pass, run side by side (their
  // records are apart, their names suffixed): the tour waits mostly on generation runs and
  // extraction, so overlapping them shortens the wall time.
  const v1Groups = [
    {
      ...documentSections,
      ...librarySections,
      ...memberSections,
      ...webhookSections,
      ...organizationSections,
      ...mergeSections,
      ...wordTemplateSections,
      ...collaborationSections,
      ...liveSections,
      ...v1ErrorSections,
    },
  ];
  const [first, second] = await Promise.all([
    pass(
      'a',
      { proxyUrl: wholeProxy.url, coverage: whole, accepts: () => true },
      [
        { service, ...v1Groups[0] },
        { ...assessmentSections, ...assessmentErrorSections },
      ],
      async (client) => (await client.post('/auth/dev-login', undefined)).body.token,
    ),
    pass('b', { proxyUrl: v1Proxy.url, coverage: v1, accepts: (p) => p.startsWith('/v1/') }, v1Groups, () => server.login()),
  ]);

  const violations: Violation[] = [];
  for (const [coverage, result] of [
    [whole, first],
    [v1, second],
  ] as const) {
    const found = result.client.violations;
    violations.push(...found);
    const notSucceeded = coverage.operations.filter((op) => coverage.visited.has(op.key) && !coverage.succeeded.has(op.key));
    console.log(
      `\n== ${coverage.name}: ${result.client.requests} requests through Prism, ${coverage.visited.size}/${coverage.operations.length} operations visited, ${found.length} violations`,
    );
    if (found.length > 0) console.log(formatReport(found));
    if (notSucceeded.length > 0) console.log(`Visited only with error answers: ${notSucceeded.map((op) => op.key).join('; ')}`);
    for (const note of result.notes) console.log(`Note: ${note}`);
    console.log(
      `Time by section (ms): ${Object.entries(result.durations)
        .map(([name, ms]) => `${name} ${ms}`)
        .join(', ')}`,
    );
    if (result.client.slow.length > 0) console.log(`Slow requests: ${result.client.slow.join('; ')}`);
  }
  console.log(
    `\nPrism logged ${proxies.map((p) => p.loggedViolations()).join(' + ')} Violation lines (it logs request-side findings of the error cases too); logs in ${workDir}`,
  );
  console.log(`contract tour: ${violations.length} violations in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  exitCode = violations.length > 0 ? 1 : 0;
} catch (error) {
  console.error('contract tour could not run:', error);
} finally {
  await Promise.all(proxies.map((p) => p.close()));
  await server.close();
  await toolApi.close();
  if (exitCode === 0) await fs.rm(workDir, { recursive: true, force: true });
}
process.exit(exitCode);
