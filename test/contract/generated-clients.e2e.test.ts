/**
 * Issue 34 item 1: the contract as two independent generators read it. The served OpenAPI
 * document goes through openapi-typescript (with openapi-fetch) and hey-api (its fetch client); a
 * flow written against both without a single cast (generated-clients/flow.ts) must compile under
 * `--strict` and run against a real server: typed progress events, the bytes of a .docx, of an
 * uploaded PDF read back and of .xlsx and CSV exports, a byte operation's 404 as a typed
 * `{detail}`, typed error bodies, a 413 for a body over the limit that Node's fetch sends whole,
 * and the paging headers. A last check holds why oazapfts is not one of the two
 * (docs/adr/0771-binary-answers-typed-errors.md).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issuerInvoicePdf } from '../support/issuer-invoice-pdf.js';
import { type TestServer, startTestServer } from '../support/test-server.js';
import { generateClients, oazapftsDecoderIn } from './generated-clients/generate.js';

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
  binaryNotFound: string[];
  pdfSameBytes: boolean[];
  xlsxFirstBytes: number[][];
  csvSameBytes: boolean;
  csvHeader: string;
  textsWalked: number;
}

/** The operations that answer bytes: .docx ×3, PDF, PNG ×2, zip, a source file, an export. */
const BYTE_OPERATIONS = [
  'exportDocx',
  'exportPdf',
  'previewPage',
  'downloadTemplateWordTemplate',
  'downloadDocumentWordTemplate',
  'getSourceDocumentContent',
  'getSourceDocumentPageImage',
  'exportSourceDocument',
  'mergeRunResult',
];

const here = path.join(path.dirname(fileURLToPath(import.meta.url)), 'generated-clients');
const tsc = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'node_modules', 'typescript', 'bin', 'tsc');

// The contract is the same on every dialect: one server is enough.
describe('generated clients', () => {
  let server: TestServer;
  let document: object;

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

  it('runs: typed events, bytes from both clients, typed errors, a 413 before the write breaks, and every page', { timeout: 180_000 }, async () => {
    // Imported by URL so the project's own typecheck does not follow it into ./out, which only
    // exists once this test has generated it; the compile step above is its typecheck.
    const flow: { runFlow(baseUrl: string, pdf: Uint8Array): Promise<FlowReport> } = await import(pathToFileURL(path.join(here, 'flow.ts')).href);
    const pdf = await issuerInvoicePdf({ number: 'F-2026-7', total: '10,00 EUR', iban: '', vat: '', date: '01.02.2026' }, 'Flow Bytes GmbH');
    const report = await flow.runFlow(server.url, new Uint8Array(pdf));
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
    // A byte operation's 404 is the typed `{detail}` in both clients, not bytes.
    expect(report.binaryNotFound).toEqual([expect.stringMatching(/not found/i), expect.stringMatching(/not found/i)]);
    expect(report.pdfSameBytes).toEqual([true, true]);
    expect(report.xlsxFirstBytes).toEqual([
      [0x50, 0x4b],
      [0x50, 0x4b],
    ]);
    expect(report.csvSameBytes).toBe(true);
    expect(report.csvHeader).toMatch(/^key,value_text/);
    expect(report.textsWalked).toBeGreaterThanOrEqual(1);
  });

  // docs/adr/0771-binary-answers-typed-errors.md: oazapfts 7.5 picks one decoder per operation
  // from all its answers, and a JSON error makes it read the bytes as text; so it is not one of
  // the flow's generators. When an upgrade makes this fail, it can be again.
  it('oazapfts still reads every byte answer as text, which keeps it out of the flow', async () => {
    const source = await fs.readFile(path.join(here, 'out', 'oazapfts.ts'), 'utf8');
    const decoders = Object.fromEntries(BYTE_OPERATIONS.map((operationId) => [operationId, oazapftsDecoderIn(source, operationId)]));
    expect(decoders).toEqual(Object.fromEntries(BYTE_OPERATIONS.map((operationId) => [operationId, 'fetchJson'])));
  });
});
