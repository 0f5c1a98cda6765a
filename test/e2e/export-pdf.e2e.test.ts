/**
 * GET /v1/documents/{id}/export.pdf over real HTTP with a real LibreOffice, on SQLite:
 * each built-in template generated offline and exported as .docx and PDF (the report's table of
 * contents with page numbers, read back with pdftotext; page 1 rendered to test-artifacts/ for a
 * person to look at), the headers, 304, tenancy and roles, a converter killed under the service,
 * the timeout, and the 503 of an installation without LibreOffice.
 */
import { execFile, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiFor } from '../support/api.js';
import { DPIA_FIELDS, LETTER_FIELDS, MEMO_FIELDS } from '../support/builtin-fields.js';
import { describeOneDialect } from '../support/dialects.js';
import { createAndGenerate } from '../support/generate-document.js';
import { createLongDocument } from '../support/long-document.js';
import { addTestMember } from '../support/members.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

const run = promisify(execFile);
const ARTIFACTS = resolve('test-artifacts/pdf');

const installed =
  spawnSync('sh', ['-c', 'command -v soffice && command -v pdftotext && command -v pdftoppm'], { stdio: 'ignore' }).status === 0 &&
  spawnSync('/usr/bin/python3', ['-c', 'import uno'], { stdio: 'ignore' }).status === 0;
const suffix = installed ? '' : ' (skipped: soffice, poppler-utils or python3-uno not installed)';
if (!installed) console.warn(`[pdf] export .pdf${suffix}`);

/**
 * The built-in templates with fields a user would fill, each in its layout: the report carries
 * a table of contents, the memo its To/From/Date/Subject header, the letter its signature block.
 */
const BUILTINS = [
  { slug: 'gdpr-dpia', layout: 'report', fields: { ...DPIA_FIELDS, assessment_date: '2026-11-02' } },
  { slug: 'vendor-security-memo', layout: 'memo', fields: { ...MEMO_FIELDS, memo_date: '2026-10-05' } },
  { slug: 'engagement-letter', layout: 'letter', fields: { ...LETTER_FIELDS, letter_date: '2026-11-20' } },
] as const;

/** A real 2 × 1 PNG, the letterhead's logo. */
const LOGO = 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAD0lEQVR4nGM4IScnZ7MAAAc3Af/WSdlhAAAAAElFTkSuQmCC';

interface Download {
  status: number;
  headers: Headers;
  bytes: Buffer;
}

/** pdftotext may break a line anywhere; compare with whitespace collapsed. */
const squash = (s: string): string => s.replace(/\s+/g, ' ');
const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The pids of this process's LibreOffices (their pipe names carry our pid). */
async function ourOffices(): Promise<number[]> {
  const { stdout } = await run('ps', ['-eo', 'pid=,args=']);
  return stdout
    .split('\n')
    .filter((line) => line.includes('soffice.bin') && line.includes(`pipe,name=quire-pdf-${process.pid}-`))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
}

describeOneDialect(`export .pdf${suffix}`, (dialect) => {
  let server: TestServer;
  let api: Api;
  let token: string;
  let dir = '';
  const exported = new Map<string, string>();

  const download = async (
    id: string,
    format: 'pdf' | 'docx',
    options: { org?: string; token?: string; headers?: Record<string, string> } = {},
  ): Promise<Download> => {
    const response = await server.call('GET', `/v1/documents/${id}/export.${format}`, {
      token: options.token ?? token,
      org: options.org ?? 'acme',
      headers: options.headers,
    });
    return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
  };

  async function pdfText(bytes: Buffer, name: string): Promise<string> {
    const path = join(dir, `${name}.pdf`);
    await writeFile(path, bytes);
    return (await run('pdftotext', [path, '-'], { maxBuffer: 64 * 1024 * 1024 })).stdout;
  }

  beforeAll(async () => {
    if (!installed) return;
    dir = await mkdtemp(join(tmpdir(), 'quire-pdf-e2e-'));
    server = await startTestServer({ dialect });
    api = await apiFor(server);
    token = await server.login();
    const letterhead = await api.patch('/v1/organization/settings', {
      letterheadName: 'Northwind LLP',
      letterheadAddress: '1 Harbour Street\nBristol BS1 4QA',
      logo: { mediaType: 'image/png', data: LOGO },
    });
    expect(letterhead.status).toBe(200);
    for (const { slug, fields } of BUILTINS) {
      const id = await createAndGenerate(server, api, token, slug, fields);
      exported.set(slug, id);
    }
  }, 240_000);
  afterAll(async () => {
    await server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  describe.skipIf(!installed)('with LibreOffice', () => {
    it.each(BUILTINS.map((b) => [b.slug, b] as const))(
      'exports %s as .docx and as a PDF a person can read',
      async (slug, builtin) => {
        const id = exported.get(slug) ?? '';
        const docx = await download(id, 'docx');
        expect(docx.status).toBe(200);
        expect(docx.bytes.subarray(0, 2).toString('latin1')).toBe('PK');

        const pdf = await download(id, 'pdf');
        expect(pdf.status, pdf.bytes.toString('utf8').slice(0, 300)).toBe(200);
        expect(pdf.headers.get('content-type')).toBe('application/pdf');
        expect(Number(pdf.headers.get('content-length'))).toBe(pdf.bytes.length);
        expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        expect(pdf.headers.get('content-disposition')).toMatch(/^attachment; filename="[^"]+\.pdf"; filename\*=UTF-8''.+\.pdf$/);
        expect(pdf.headers.get('etag')).toMatch(/^W\/"pdf-[0-9a-f]{64}"$/);

        const text = squash(await pdfText(pdf.bytes, `${slug}-${dialect}`));
        const sections: Array<{ title: string }> = (await api.get(`/v1/documents/${id}/sections`)).body;
        expect(sections.length).toBeGreaterThan(0);
        for (const section of sections) expect(text).toContain(squash(section.title));
        // A sentence that ends in an abbreviation and a template's full stop reads "resets.." — never.
        expect(text).not.toMatch(/[^.]\.\.(?!\.)/);
        if (builtin.layout === 'memo') {
          expect(text).toContain('Memorandum To: Procurement committee From: Sam Reviewer Date: 5 October 2026 Subject: Security assessment of Initech Cloud');
          expect(text).not.toContain('Contents');
        }
        if (builtin.layout === 'letter') {
          // Letterhead, the letter's own date, addressee, subject; at the end the closing and the signature block.
          expect(text).toMatch(
            /Northwind LLP 1 Harbour Street Bristol BS1 4QA 20 November 2026 Ada Lovelace Contoso GmbH Terms of engagement for Contoso GmbH /,
          );
          expect(text).toMatch(/Yours sincerely, J\. Smith Partner, for and on behalf of Northwind LLP/);
          // The letterhead's logo is on page 1 (pdfimages lists one row per image after two header lines).
          const images = (await run('pdfimages', ['-list', '-f', '1', '-l', '1', join(dir, `${slug}-${dialect}.pdf`)])).stdout.trim().split('\n').slice(2);
          expect(images.length).toBeGreaterThanOrEqual(1);
          expect(text).not.toContain('Contents');
        }
        if (builtin.layout === 'report') {
          expect(text).toContain('2 November 2026');
          // The contents list each numbered section with the page it starts on: a number after
          // the dot leader, before the next entry (without the update the leader runs into it).
          expect(text).toContain('Contents');
          const pages = sections.map((section, i) => {
            const entry = new RegExp(`${i + 1}\\. ${escape(squash(section.title))} ?\\.{3,} ?(\\d+) (?=\\d+\\. |Sources)`).exec(text);
            expect(entry, `contents entry of "${section.title}" with its page`).not.toBeNull();
            return Number(entry?.[1]);
          });
          expect(pages[0]).toBeGreaterThanOrEqual(2);
          expect([...pages].sort((a, b) => a - b)).toEqual(pages);
        }

        // Page 1 as a small picture, kept (not committed) for a person to look at.
        await mkdir(ARTIFACTS, { recursive: true });
        await run('pdftoppm', [
          '-png',
          '-r',
          '40',
          '-f',
          '1',
          '-l',
          '1',
          '-singlefile',
          join(dir, `${slug}-${dialect}.pdf`),
          join(ARTIFACTS, `${slug}-${dialect}-page1`),
        ]);
      },
      120_000,
    );

    it('answers 304 to the ETag it gave, without converting again', async () => {
      const id = exported.get('gdpr-dpia') ?? '';
      const first = await download(id, 'pdf');
      const etag = first.headers.get('etag') ?? '';
      expect(etag).not.toBe('');
      const again = await download(id, 'pdf', { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
      expect(again.bytes.length).toBe(0);
      expect(again.headers.get('etag')).toBe(etag);
    }, 120_000);

    it('answers a viewer, and 404 for another organization or a missing document', async () => {
      const id = exported.get('vendor-security-memo') ?? '';
      const viewer = await addTestMember(server, token, 'acme', 'viewer', `pdf-viewer-${dialect}`);
      const asViewer = await download(id, 'pdf', { token: viewer.token });
      expect(asViewer.status).toBe(200);
      expect(asViewer.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const foreign = await download(id, 'pdf', { org: 'globex' });
      expect(foreign.status).toBe(404);
      expect(JSON.parse(foreign.bytes.toString('utf8'))).toEqual({ detail: expect.any(String) });
      expect((await download('doc_missing', 'pdf')).status).toBe(404);
      expect((await server.call('GET', `/v1/documents/${id}/export.pdf`)).status).toBe(401);
    }, 120_000);

    it('still converts after its LibreOffice is killed', async () => {
      const id = exported.get('engagement-letter') ?? '';
      expect((await download(id, 'pdf')).status).toBe(200);
      const offices = await ourOffices();
      expect(offices.length).toBeGreaterThan(0);
      for (const pid of offices) process.kill(pid, 'SIGKILL');
      const after = await download(id, 'pdf');
      expect(after.status).toBe(200);
      expect(after.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const replaced = await ourOffices();
      expect(replaced.filter((pid) => offices.includes(pid))).toEqual([]);
    }, 120_000);
  });
});

describe.skipIf(!installed)(`export .pdf limits${suffix}`, () => {
  it('answers 422 saying so when a conversion runs past PDF_CONVERSION_TIMEOUT_SECONDS', async () => {
    const server = await startTestServer({ dialect: 'sqlite', env: { PDF_CONVERSION_TIMEOUT_SECONDS: '1', PDF_CONVERTERS: '1' } });
    try {
      const api = await apiFor(server);
      // Far more than LibreOffice lays out in a second even on a quiet machine (60 sections were not, once).
      const { id } = await createLongDocument(server, api, { slug: 'pdf-timeout', title: 'Long report', count: 300 });
      const response = await api.get(`/v1/documents/${id}/export.pdf`);
      expect(response.status).toBe(422);
      expect(response.body.detail).toBe('the document is too large to convert to PDF within 1 s (PDF_CONVERSION_TIMEOUT_SECONDS); export it as .docx instead');
      // The killed converter is gone, not left hanging.
      expect(await ourOffices()).toEqual([]);
    } finally {
      await server.close();
    }
  }, 180_000);
});

describe('export .pdf without LibreOffice', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ dialect: 'sqlite', env: { PDF_SOFFICE_PATH: '/nonexistent/soffice' } });
  });
  afterAll(async () => server?.close());

  it('answers 503 saying how to enable PDF export, while .docx still exports', async () => {
    const api = await apiFor(server);
    const created = await api.post('/v1/documents', { templateId: 'engagement-letter' });
    const id: string = created.body.document.id;
    const response = await api.get(`/v1/documents/${id}/export.pdf`);
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.body.detail).toContain('PDF export is not enabled');
    expect(response.body.detail).toContain('apt-get install libreoffice-writer python3-uno');
    expect(response.body.detail).toContain('PDF_SOFFICE_PATH');
    expect((await api.get(`/v1/documents/${id}/export.docx`)).status).toBe(200);
    // Tenancy is decided before the converter is asked for.
    expect((await api.as('globex').get(`/v1/documents/${id}/export.pdf`)).status).toBe(404);
  });
});
