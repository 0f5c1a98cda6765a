/**
 * The role matrix: EVERY write operation of the served contract (`/openapi.json`) × every role.
 * The roles a write needs are written out here, independently of the routes' own declarations
 * (reads need viewer, writes editor, the exceptions below), so a route that drops or changes its
 * requirement fails this suite; so does a new write operation (the count is asserted).
 *
 * Authorization runs in `onRequest`, before the body is parsed or validated, so the allowed
 * roles are probed with minimal bodies (`{}`) and ids that name nothing: the answer may be 404 or
 * 422, never 403. The refused roles are sent real ids of the organization's entities where the
 * test has them, and the whole database is compared before and after: a 403 `{detail}` naming
 * the role needed, and nothing changed.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLES, type Role, roleAtLeast } from '../../src/kernel/roles.js';
import { type Api, apiFor, instantiate } from '../support/api.js';
import { listOperations, type OpenApiDocument } from '../contract/operations.js';
import { describeEachDialect } from '../support/dialects.js';
import { addTestMember } from '../support/members.js';
import { storeTableNames } from '../support/store-tables.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

/** Write operations whose role is not the default editor. */
const REQUIRED_ROLE: Record<string, Role> = {
  // Owners: who belongs, with which powers, and where colleagues' bearer tokens may be sent.
  addMember: 'owner',
  changeMemberRole: 'owner',
  removeMember: 'owner',
  createToolRegistration: 'owner',
  deleteToolRegistration: 'owner',
  // Owners: where the organization's run outcomes are sent, signed with its secret.
  createWebhook: 'owner',
  updateWebhook: 'owner',
  deleteWebhook: 'owner',
  rotateWebhookSecret: 'owner',
  pingWebhook: 'owner',
  // Owners: the letterhead every letter of the organization is printed on.
  updateOrganizationSettings: 'owner',
  // Reviewers: confirming, rejecting and correcting what extraction found.
  validateExtractedItem: 'reviewer',
  validateAllExtractedItems: 'reviewer',
  createCorrection: 'reviewer',
  updateCorrection: 'reviewer',
  supplyMissingItem: 'reviewer',
  deleteIssuerMemory: 'reviewer',
  // Every member: commenting changes no content (ADR 0611).
  openCommentThread: 'viewer',
  replyToThread: 'viewer',
  editComment: 'viewer',
  deleteComment: 'viewer',
};
/** Writes every member may reach but only a comment's author may do: 403 is documented, answered by the use case. */
const AUTHOR_ONLY = ['editComment', 'deleteComment'];
/** Reads above viewer. */
const READ_ROLE: Record<string, Role> = {
  listMembers: 'owner',
  listWebhooks: 'owner',
  getWebhook: 'owner',
  listWebhookDeliveries: 'owner',
  getOrganizationSettings: 'owner',
};

/** Protected write operations of the contract today; a new one must be given its role here. */
const WRITE_OPERATIONS = 100;
const WRITE_METHODS = ['post', 'put', 'patch', 'delete'];

interface ContractOperation {
  key: string;
  method: string;
  path: string;
  operationId: string;
  responses: Record<string, unknown>;
  isPublic: boolean;
}

function contractOperations(doc: OpenApiDocument): ContractOperation[] {
  return listOperations(doc).map((op) => {
    const spec = doc.paths[op.path][op.method.toLowerCase()] as { operationId: string; responses: Record<string, unknown>; security?: unknown[] };
    return {
      key: op.key,
      method: op.method,
      path: op.path,
      operationId: spec.operationId,
      responses: spec.responses,
      isPublic: Array.isArray(spec.security) && spec.security.length === 0,
    };
  });
}

/** Every row of every table (job bookkeeping aside: the runner touches it on its own). */
async function snapshotDatabase(server: TestServer): Promise<string> {
  const db = server.store.db;
  const tables = (await storeTableNames(server)).filter((name) => !/^kysely_|job/.test(name)).sort();
  expect(tables).toContain('memberships');
  const dump: Record<string, string[]> = {};
  for (const table of tables) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const rows = await (db as any).selectFrom(table).selectAll().execute();
    dump[table] = (rows as unknown[]).map((r) => JSON.stringify(r)).sort();
  }
  return JSON.stringify(dump);
}

describeEachDialect('role matrix', (dialect) => {
  let server: TestServer;
  let owner: Api;
  let operations: ContractOperation[];
  const tokens = {} as Record<Role, string>;
  /** Real ids of acme's entities, by path parameter name. */
  const realIds: Record<string, string> = {};

  beforeAll(async () => {
    // The webhook's address is allow-listed (it never receives anything: every call to it is refused or unknown).
    server = await startTestServer({ dialect, env: { TOOL_ALLOWED_HOSTS: '127.0.0.1:9' } });
    owner = await apiFor(server);
    const ownerToken = await server.login();
    tokens.owner = ownerToken;
    for (const role of ['viewer', 'editor', 'reviewer'] as const) {
      tokens[role] = (await addTestMember(server, ownerToken, 'acme', role, `matrix-${role}`)).token;
      // The first signed-in request records the user's e-mail: done here, not inside the matrix.
      expect((await server.call('GET', '/v1/whoami', { token: tokens[role] })).status).toBe(200);
    }
    operations = contractOperations((await (await server.call('GET', '/openapi.json')).json()) as OpenApiDocument);

    const detail = await instantiate(owner, 'gdpr-dpia');
    realIds.document_id = detail.document.id;
    realIds.section_id = detail.sections[0].id;
    if (detail.fields[0]) realIds.field_id = detail.fields[0].id;
    if (detail.dataNeeds?.[0]) realIds.need_id = detail.dataNeeds[0].id;
    realIds.slug = 'gdpr-dpia';
    realIds.text_id = (await owner.post('/v1/texts', { key: 'matrix_text', value: 'x' })).body.id;
    realIds.risk_block_id = (await owner.post('/v1/risk-blocks', { key: 'matrix_rb', heading: 'H', template: 'T' })).body.id;
    realIds.voice_id = (await owner.post('/v1/voices', { name: 'Matrix voice' })).body.id;
    realIds.snippet_id = (await owner.post('/v1/snippets', { key: 'matrix_snippet' })).body.id;
    realIds.webhook_id = (await owner.post('/v1/webhooks', { url: 'http://127.0.0.1:9/matrix', events: ['batch.finished'] })).body.id;
    realIds.user_id =
      ((await owner.get('/v1/members')).body.members as Array<{ userId: string; subject: string }>).find((m) => m.subject === 'dev@localhost')?.userId ?? '';
    for (const [name, id] of Object.entries(realIds)) expect(id, name).toEqual(expect.any(String));
  });
  afterAll(async () => server?.close());

  const writes = () => operations.filter((op) => WRITE_METHODS.includes(op.method.toLowerCase()) && !op.isPublic);
  const neededFor = (op: ContractOperation): Role =>
    REQUIRED_ROLE[op.operationId] ?? READ_ROLE[op.operationId] ?? (WRITE_METHODS.includes(op.method.toLowerCase()) ? 'editor' : 'viewer');
  const urlOf = (op: ContractOperation, ids: Record<string, string>) =>
    op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(ids[name] ?? `matrix-missing-${name}`));
  const send = (op: ContractOperation, role: Role, ids: Record<string, string>) =>
    server.call(op.method, urlOf(op, ids), { token: tokens[role], org: 'acme', ...(['DELETE', 'GET'].includes(op.method) ? {} : { body: {} }) });

  it('finds every write operation of the contract, and every exception names a real operation', () => {
    expect(writes()).toHaveLength(WRITE_OPERATIONS);
    const ids = new Set(operations.map((op) => op.operationId));
    for (const operationId of [...Object.keys(REQUIRED_ROLE), ...Object.keys(READ_ROLE)]) expect(ids, operationId).toContain(operationId);
  });

  it('documents 403 on exactly the operations some member can be refused', () => {
    const guarded = operations.filter((op) => !op.isPublic && (neededFor(op) !== 'viewer' || AUTHOR_ONLY.includes(op.operationId))).map((op) => op.key);
    const with403 = operations.filter((op) => '403' in op.responses).map((op) => op.key);
    expect(with403.sort()).toEqual(guarded.sort());
    expect(guarded.length).toBeGreaterThanOrEqual(WRITE_OPERATIONS - 2);
  });

  it('refuses every role below the one needed with 403 {detail} naming it, and changes nothing', async () => {
    const before = await snapshotDatabase(server);
    let refusals = 0;
    for (const op of [...writes(), ...operations.filter((o) => READ_ROLE[o.operationId])]) {
      const needed = neededFor(op);
      for (const role of ROLES.filter((r) => !roleAtLeast(r, needed))) {
        const response = await send(op, role, realIds);
        expect(response.status, `${op.key} as ${role}`).toBe(403);
        const body = (await response.json()) as { detail: unknown };
        expect(body.detail, `${op.key} as ${role}`).toEqual(expect.stringContaining(`the ${needed} role`));
        refusals += 1;
      }
    }
    // Viewers are refused the 96 writes above viewer (100 less the 4 comment writes), listMembers,
    // the 3 webhook reads and the organization's settings (101); editors the 16 owner and 6
    // reviewer operations (22); reviewers the 16 owner ones.
    expect(refusals).toBe(101 + 22 + 16);
    const after = await snapshotDatabase(server);
    const changed = Object.keys(JSON.parse(before) as object).filter(
      (t) => JSON.stringify((JSON.parse(before) as Record<string, unknown>)[t]) !== JSON.stringify((JSON.parse(after) as Record<string, unknown>)[t]),
    );
    expect(changed).toEqual([]);
    expect(after).toBe(before);
  });

  it('lets every role at or above the one needed through (never 403)', async () => {
    let allowed = 0;
    for (const op of writes()) {
      for (const role of ROLES.filter((r) => roleAtLeast(r, neededFor(op)))) {
        const response = await send(op, role, {});
        expect(response.status, `${op.key} as ${role}: ${response.status === 403 ? await response.text() : ''}`).not.toBe(403);
        expect(response.status, `${op.key} as ${role}`).toBeLessThan(500);
        await response.arrayBuffer();
        allowed += 1;
      }
    }
    expect(allowed).toBeGreaterThan(WRITE_OPERATIONS);
  });
});
