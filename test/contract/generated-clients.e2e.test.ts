/**
 * Issue 34 item 1: the contract as two independent generators read it. The served OpenAPI
 * document goes through oazapfts and openapi-typescript; a flow written against both without a
 * single cast (generated-clients/flow.ts) must compile under `--strict` and run against a real
 * server: typed progress events, bytes for the .docx, typed error bodies, a 413 for a body over
 * the limit that Node's fetch sends whole, and the paging headers. A last check holds why the
 * binary operations' errors stay untyped (docs/adr/0701-binary-errors-stay-described.md).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, startTestServer } from '../support/test-server.js';
import { generateClients, oazapftsDecoderIn, oazapftsDecoderOf } from './generated-clients/generate.js';

/** The part of the served document the binary-error check rewrites. */
interface ServedDocument {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>>;
}

/** The served document with exportDocx's 404 declared under `mediaType`, as a typed error would need. */
function withTypedNotFound(document: ServedDocument, mediaType: string): ServedDocument {
  const copy = structuredClone(document);
  copy.paths['/v1/documents/{document_id}/export.docx'].get.responses['404'].content = {
    [mediaType]: { schema: { $ref: '#/components/schemas/ErrorMessage' } },
  };
  return copy;
}

/** What flow.ts reports (its own type, restated: importing it would pull ./out into the typecheck). */
interface FlowReport {
  org: string | null;
  conflictDetail: string;
  tooLargeStatus: number;
  tooLargeDetail: string;
  validationLocs: string[];
  notFoundDetail: string;
  eventKinds: string[];
  finishedSections: number;
  docxFirstBytes: number[];
  docxBytesFromOpenapiFetch: number;
  textsWalked: number;
}

const here = path.join(path.dirname(fileURLToPath(import.meta.url)), 'generated-clients');
const tsc = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'node_modules', 'typescript', 'bin', 'tsc');

// The contract is the same on every dialect: one server is enough.
describe('generated clients', () => {
  let server: TestServer;
  let document: ServedDocument;

  beforeAll(async () => {
    server = await startTestServer({ dialect: 'sqlite' });
    document = JSON.parse(await (await fetch(`${server.url}/openapi.json`)).text());
    await generateClients(document, path.join(here, 'out'));
  });
  afterAll(async () => server?.close());

  it('the flow has no cast: no `as` anywhere in it', async () => {
    const source = await fs.readFile(path.join(here, 'flow.ts'), 'utf8');
    const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
    expect(code.match(/\bas\b/g) ?? []).toEqual([]);
  });

  it('compiles under --strict against both generated clients', { timeout: 300_000 }, () => {
    const compiled = spawnSync(process.execPath, [tsc, '-p', path.join(here, 'tsconfig.json')], { encoding: 'utf8' });
    expect(compiled.stdout + compiled.stderr).toBe('');
    expect(compiled.status).toBe(0);
  });

  it('runs: typed events, bytes, typed errors, a 413 before the write breaks, and every page', { timeout: 180_000 }, async () => {
    // Imported by URL so the project's own typecheck does not follow it into ./out, which only
    // exists once this test has generated it; the compile step above is its typecheck.
    const flow: { runFlow(baseUrl: string): Promise<FlowReport> } = await import(pathToFileURL(path.join(here, 'flow.ts')).href);
    const report = await flow.runFlow(server.url);
    expect(report.org).toBe('acme');
    expect(report.conflictDetail).toMatch(/already exists/);
    expect(report.tooLargeStatus).toBe(413);
    expect(report.tooLargeDetail).toMatch(/BODY_LIMIT_BYTES/);
    expect(report.validationLocs).toContain('body.templateId');
    expect(report.notFoundDetail).toMatch(/not found/i);
    expect(report.eventKinds[0]).toBe('pipeline_started');
    expect(report.eventKinds.at(-1)).toBe('pipeline_finished');
    expect(report.eventKinds.some((kind) => kind.startsWith('render_started:true'))).toBe(true);
    expect(report.finishedSections).toBeGreaterThanOrEqual(0);
    expect(report.docxFirstBytes).toEqual([0x50, 0x4b]);
    expect(report.docxBytesFromOpenapiFetch).toBeGreaterThan(1000);
    expect(report.textsWalked).toBeGreaterThanOrEqual(1);
  });

  // docs/adr/0701-binary-errors-stay-described.md: oazapfts 7.5 picks one decoder per operation
  // from all its answers, and any JSON one (RFC 9457's problem+json included) makes it read the
  // .docx as text. When an upgrade makes this fail, the binary operations' errors can be typed.
  it('binary errors stay described: typing one as JSON would make oazapfts decode the bytes as text', { timeout: 300_000 }, async () => {
    const scratch = path.join(here, 'out', 'binary-errors');
    const served = oazapftsDecoderIn(await fs.readFile(path.join(here, 'out', 'oazapfts.ts'), 'utf8'), 'exportDocx');
    const asJson = await oazapftsDecoderOf(withTypedNotFound(document, 'application/json'), 'exportDocx', scratch);
    const asProblem = await oazapftsDecoderOf(withTypedNotFound(document, 'application/problem+json'), 'exportDocx', scratch);
    expect({ served, asJson, asProblem }).toEqual({ served: 'fetchBlob', asJson: 'fetchJson', asProblem: 'fetchJson' });
  });
});
