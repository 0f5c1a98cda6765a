/**
 * The built-in templates in the service as `npm start` runs it: each one made into a document
 * with the fields a user fills in, generated to the end (the offline composer writes its
 * synthesized sections), and exported as .docx and as PDF (a real LibreOffice converting from
 * the program the build copies beside the bundle). The exports are read back for the text a
 * user filled in. A document given a customer's Word template exports through it, filled in the
 * bundle's tenant-code workers.
 */
import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DPIA_FIELDS, LETTER_FIELDS, MEMO_FIELDS } from '../support/builtin-fields.js';
import type { QuireProcess } from '../support/quire-process.js';
import { collectEvents } from '../support/sse.js';
import { paragraph, wordTemplateDocx } from '../support/word-template-docx.js';
import { type BuiltService, startBuiltService } from './built-service.js';

const run = promisify(execFile);
const PDF_TOOLS =
  spawnSync('sh', ['-c', 'command -v soffice && command -v pdftotext'], { stdio: 'ignore' }).status === 0 &&
  spawnSync('/usr/bin/python3', ['-c', 'import uno'], { stdio: 'ignore' }).status === 0;
if (!PDF_TOOLS) console.warn('The PDF exports are skipped: soffice, pdftotext or python3-uno is not installed');

/** Each template with its fields and a value the user filled in that its exports must show. */
const BUILTINS = [
  { slug: 'gdpr-dpia', fields: DPIA_FIELDS, shows: DPIA_FIELDS.controller_name },
  { slug: 'vendor-security-memo', fields: MEMO_FIELDS, shows: MEMO_FIELDS.vendor_name },
  { slug: 'engagement-letter', fields: LETTER_FIELDS, shows: LETTER_FIELDS.client_name },
];

/** Whitespace collapsed: pdftotext and Word's runs may break a line anywhere. */
const squash = (text: string): string => text.replace(/\s+/g, ' ');

async function download(quire: QuireProcess, id: string, format: 'docx' | 'pdf'): Promise<Response> {
  return fetch(`${quire.url}/v1/documents/${id}/export.${format}`, { headers: { authorization: `Bearer ${quire.token}`, 'x-org-slug': 'acme' } });
}

/**
 * The PDF export, asked again while the service answers 503 (its converter is still starting,
 * as the README promises), within a deadline: the first LibreOffice start on a loaded machine is slow.
 */
async function downloadPdf(quire: QuireProcess, id: string, timeoutMs = 150_000): Promise<Buffer> {
  const response = await vi.waitFor(
    async () => {
      const answer = await download(quire, id, 'pdf');
      if (answer.status !== 503) return answer;
      await answer.body?.cancel();
      throw new Error('the PDF export still answers 503: its converter is starting');
    },
    { timeout: timeoutMs, interval: 1000 },
  );
  expect(response.status, response.status === 200 ? '' : await response.text()).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  return Buffer.from(await response.arrayBuffer());
}

async function pdfText(bytes: Buffer): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'quire-built-pdf-'));
  try {
    await fs.writeFile(path.join(dir, 'export.pdf'), bytes);
    return (await run('pdftotext', [path.join(dir, 'export.pdf'), '-'], { maxBuffer: 16 * 1024 * 1024 })).stdout;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

describe('the built service generates each built-in template and exports it', () => {
  let service: BuiltService;
  const generated = new Map<string, string>();

  beforeAll(async () => {
    // The converter's first start may take long on a loaded machine: allow it what the wait allows.
    service = await startBuiltService({ CONSOLE_ENABLED: 'false', PDF_CONVERTER_START_TIMEOUT_SECONDS: '120' });
  }, 120_000);

  afterAll(async () => {
    await service?.stop();
  }, 60_000);

  for (const { slug, fields, shows } of BUILTINS) {
    it(`generates ${slug} with its fields filled and exports it as .docx`, async () => {
      const { quire } = service;
      const created = await quire.json('POST', '/v1/documents', { templateId: slug, fields });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id: string = created.body.document.id;
      const readiness = await quire.json('GET', `/v1/documents/${id}/readiness`);
      expect(readiness.body.gaps, JSON.stringify(readiness.body)).toEqual([]);

      const started = await quire.json('POST', `/v1/documents/${id}/generate`, {});
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const events = await collectEvents(`${quire.url}/v1/documents/${id}/progress`, quire.token, { org: 'acme', timeoutMs: 90_000 });
      expect(events.at(-1)?.event, JSON.stringify(events.at(-1))).toBe('pipeline_finished');
      generated.set(slug, id);

      const docx = await download(quire, id, 'docx');
      expect(docx.status, docx.status === 200 ? '' : await docx.text()).toBe(200);
      const zip = await JSZip.loadAsync(Buffer.from(await docx.arrayBuffer()));
      const body = (await zip.file('word/document.xml')?.async('string')) ?? '';
      const text = squash(body.replace(/<[^>]+>/g, ''));
      expect(text).toContain(shows);
    }, 120_000);

    it.skipIf(!PDF_TOOLS)(
      `exports the generated ${slug} as PDF`,
      async () => {
        const id = generated.get(slug);
        expect(id, 'the .docx case above generated the document').toBeDefined();
        const pdf = await downloadPdf(service.quire, id ?? '');
        expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        expect(squash(await pdfText(pdf))).toContain(shows);
      },
      180_000,
    );
  }
  it('exports a generated letter through a Word template it was given', async () => {
    const { quire } = service;
    const id = generated.get('engagement-letter');
    expect(id, 'the engagement letter was generated above').toBeDefined();
    const template = await wordTemplateDocx({
      header: '{{ organization.name }}',
      body: [paragraph('Engagement of {{ client', '_name }} from {{ start_date }}'), paragraph('{{ body() }}'), paragraph('{{ signatory }}')],
    });
    const form = new FormData();
    form.append('file', new Blob([template]), 'firm-letter.docx');
    const stored = await fetch(`${quire.url}/v1/documents/${id}/word-template`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${quire.token}`, 'x-org-slug': 'acme' },
      body: form,
    });
    expect(stored.status, await stored.clone().text()).toBe(200);

    const docx = await download(quire, id ?? '', 'docx');
    expect(docx.status).toBe(200);
    const zip = await JSZip.loadAsync(Buffer.from(await docx.arrayBuffer()));
    const text = squash(((await zip.file('word/document.xml')?.async('string')) ?? '').replace(/<[^>]+>/g, ' '));
    expect(text).toContain(`Engagement of ${LETTER_FIELDS.client_name} from ${LETTER_FIELDS.start_date}`);
    expect(text).toContain(LETTER_FIELDS.signatory);
    expect(text).not.toContain('{{');
  }, 120_000);

  it.skipIf(!PDF_TOOLS)(
    'exports the letter given a Word template as PDF through it',
    async () => {
      const id = generated.get('engagement-letter');
      expect(id, 'the engagement letter was generated above').toBeDefined();
      expect(squash(await pdfText(await downloadPdf(service.quire, id ?? '')))).toContain(`Engagement of ${LETTER_FIELDS.client_name}`);
    },
    180_000,
  );
});
