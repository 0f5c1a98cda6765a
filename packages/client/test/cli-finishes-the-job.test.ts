/**
 * Issue 34 item 5: the built `quire` CLI, run as a child process against a real server, sets
 * fields on an existing document, refuses unknown field names, names an unreachable server and
 * why, exits non-zero when a document is not ready or a file failed (naming it), exports PDF,
 * stores a Word template and runs a merge to its zip.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wordTemplateDocx, paragraph } from '../../../test/support/word-template-docx.js';
import { type TestServer, startTestServer } from '../../../test/support/test-server.js';
import { builtCliHome } from './support/built-cli.js';
import type { CliHome } from './support/run-cli.js';

const READY_FIELDS = ['firm_name=Smith LLP', 'client_contact=Jane Roe', 'services=Audit', 'start_date=2026-02-01', 'fee_amount=1200', 'signatory=J. Smith'];
const fieldArgs = (pairs: string[]) => pairs.flatMap((pair) => ['--field', pair]);

describe('the built quire CLI', () => {
  let server: TestServer;
  let home: CliHome;
  beforeAll(async () => {
    server = await startTestServer({ dialect: 'sqlite' });
    home = await builtCliHome();
    expect((await home.run('login', '--dev', '--base-url', server.url)).code).toBe(0);
  }, 180_000);
  afterAll(async () => {
    await home?.close();
    await server?.close();
  });

  it('names the server it cannot reach and why, not "fetch failed"', async () => {
    const other = await builtCliHome();
    // Nothing listens on the task's reserved port 7799.
    const result = await other.run('login', '--dev', '--base-url', 'http://127.0.0.1:7799');
    await other.close();
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('cannot reach the Quire server at http://127.0.0.1:7799: connection refused');
    expect(result.stderr).not.toContain('fetch failed');
  });

  it('refuses unknown field names on new and fields, listing the known ones; sets fields on an existing document; readiness exits 2 until ready', async () => {
    const typo = await home.run('new', 'engagement-letter', '--field', 'clinet_name=Acme');
    expect(typo.code).toBe(64);
    expect(typo.stderr).toContain('unknown field "clinet_name"; known fields: ');
    expect(typo.stderr).toContain('client_name');

    const created = await home.run('new', 'engagement-letter', '--field', 'client_name=Acme Ltd', '--json');
    expect(created.code).toBe(0);
    const documentId = (created.lines()[0] as { document: { id: string } }).document.id;

    const notReady = await home.run('readiness', documentId);
    expect(notReady.code).toBe(2);
    expect(notReady.stdout).toContain('Not ready');

    const unknown = await home.run('fields', documentId, '--field', 'fee_amout=1');
    expect(unknown.code).toBe(64);
    expect(unknown.stderr).toContain('known fields: ');
    expect(unknown.stderr).toContain('fee_amount');

    const set = await home.run('fields', documentId, ...fieldArgs(READY_FIELDS), '--json');
    expect(set.code).toBe(0);
    const rows = (set.lines()[0] as { fields: Array<{ key: string; value: string }> }).fields;
    expect(rows.find((f) => f.key === 'fee_amount')?.value).toBe('1200');
    expect(rows.find((f) => f.key === 'client_name')?.value).toBe('Acme Ltd');

    expect((await home.run('readiness', documentId)).code).toBe(0);
    const generated = await home.run('generate', documentId, '--follow');
    expect(generated.code).toBe(0);
    const pdf = await home.run('export', documentId, '--pdf', '-o', 'letter.pdf');
    expect(pdf.code).toBe(0);
    expect((await fs.readFile(path.join(home.dir, 'letter.pdf'))).subarray(0, 5).toString()).toBe('%PDF-');
  }, 180_000);

  it('assess exits 1 and names the file that was refused, and why', async () => {
    await fs.writeFile(path.join(home.dir, 'invoice.txt'), 'Invoice INV-1\nVendor: Acme Ltd\nTotal: 120.00 EUR\n');
    await fs.writeFile(path.join(home.dir, 'broken.pdf'), 'this is not a PDF');
    const result = await home.run('assess', 'invoice.txt', 'broken.pdf');
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/✗ broken\.pdf (refused|extraction failed): \S/);
    expect(result.stdout).not.toContain('✗ invoice.txt');
  }, 120_000);

  it('stores a Word template, then merges a CSV to a zip, naming the row that failed', async () => {
    const docx = await wordTemplateDocx({ body: [paragraph('Dear {{ client_contact }} of {{ client_name }},')] });
    await fs.writeFile(path.join(home.dir, 'letter.docx'), docx);
    const stored = await home.run('word-template', 'engagement-letter', 'letter.docx');
    expect(stored.code).toBe(0);
    expect(stored.stdout).toContain('Stored letter.docx');

    const header = 'client_name,client_contact,firm_name,services,start_date,fee_amount,signatory';
    const csv = [
      header,
      'Contoso GmbH,Ada Lovelace,Northwind LLP,Tax,2026-12-01,12000,J. Smith',
      ',Grace Hopper,Northwind LLP,Audit,2026-12-02,9000,J. Smith',
    ].join('\n');
    await fs.writeFile(path.join(home.dir, 'clients.csv'), csv);
    const merged = await home.run('merge', 'engagement-letter', 'clients.csv', '-o', 'letters.zip');
    expect(merged.code).toBe(1);
    expect(merged.stdout).toMatch(/✗ row 2: .*not ready/);
    const zip = await JSZip.loadAsync(await fs.readFile(path.join(home.dir, 'letters.zip')));
    expect(Object.keys(zip.files)).toHaveLength(1);
  }, 180_000);
});
