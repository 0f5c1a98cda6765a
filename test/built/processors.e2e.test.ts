/**
 * Every processor of the catalog, in the service as `npm start` runs it, each with a real file of
 * its kind: a text PDF, a filled form, a scanned page (OCR), a .docx, an .xlsx, a CSV, a text
 * file, and a text read by a language model (the fake OpenAI-compatible server on 127.0.0.1, so
 * the real provider code runs). The bundle loads each processor's parsers on first use, in worker
 * threads started from files beside it: a parser that breaks when bundled (issue #28: exceljs
 * failed with "URL is not a constructor" under `npm start`) fails here and nowhere else.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESSORS } from '../../src/extraction/processor-catalog.js';
import { makeBigTextPdf, makeDocx, makeFormPdf, makeInvoicePdf, makeXlsx } from '../../src/extraction/test-support/fixtures.js';
import { type FilePart, postMultipart } from '../e2e/assessments-helpers.js';
import { type FakeChatRequest, type FakeOpenAi, startFakeOpenAi } from '../support/fake-openai-server.js';
import { type BuiltService, processedDocuments, startBuiltService } from './built-service.js';

const HAVE_OCR = ['tesseract', 'pdftoppm'].every((command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0);
if (!HAVE_OCR) console.warn('The OCR case is skipped: tesseract and/or pdftoppm are not installed (apt-get install tesseract-ocr poppler-utils)');

const USD = (amount: number) => ({ amount, currency: 'USD' });

/** A scanned invoice: a PDF page rasterised to PNG, as a scanner would give it. */
async function scannedPng(): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'quire-scan-'));
  try {
    await fs.writeFile(path.join(dir, 'in.pdf'), await makeBigTextPdf());
    execFileSync('pdftoppm', ['-r', '100', '-png', '-singlefile', path.join(dir, 'in.pdf'), path.join(dir, 'scan')]);
    return await fs.readFile(path.join(dir, 'scan.png'));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

interface Case {
  processor: string;
  what: string;
  file: () => Promise<FilePart>;
  /** Extra form fields of the upload (a model-read processor needs its requirements). */
  fields?: Record<string, string>;
  key: string;
  value: unknown;
  skip?: boolean;
}

const CONTRACT = 'Supply agreement\nSupplier: Contoso Ltd\nAmount due: $1,250.00\n';

const PDF = 'application/pdf';
const part = (name: string, bytes: Buffer, type?: string): FilePart => ({ name, bytes, ...(type ? { type } : {}) });
const CSV = 'name,amount,email\nAlice,12.50,alice@example.test\nBob,7.00,bob@example.test\n';
const NOTES = 'Invoice notes\nTotal: $110.00\nVendor: Contoso Ltd\n';

const CASES: Case[] = [
  {
    processor: 'prc_generic_fields',
    what: 'a text PDF',
    file: async () => part('invoice.pdf', await makeInvoicePdf(), PDF),
    key: 'invoice.total',
    value: USD(110),
  },
  { processor: 'prc_generic_fields', what: 'a .docx', file: async () => part('agreement.docx', await makeDocx()), key: 'vendor.name', value: 'Contoso Ltd' },
  {
    processor: 'prc_acroform',
    what: 'a filled PDF form',
    file: async () => part('form.pdf', await makeFormPdf(), PDF),
    key: 'form.vendor_name',
    value: 'Contoso Ltd',
  },
  { processor: 'prc_table_rows', what: 'an .xlsx', file: async () => part('book.xlsx', await makeXlsx()), key: 'row[1].amount', value: USD(201) },
  {
    processor: 'prc_table_rows',
    what: 'a CSV',
    file: async () => part('people.csv', Buffer.from(CSV), 'text/csv'),
    key: 'row[1].email',
    value: 'bob@example.test',
  },
  { processor: 'prc_text', what: 'a text file', file: async () => part('notes.txt', Buffer.from(NOTES), 'text/plain'), key: 'invoice.total', value: USD(110) },
  { processor: 'prc_docx', what: 'a .docx', file: async () => part('agreement.docx', await makeDocx()), key: 'label.account_manager', value: 'Jane Doe' },
  {
    processor: 'prc_ocr',
    what: 'a scanned page',
    file: async () => part('scan.png', await scannedPng(), 'image/png'),
    key: 'invoice.total',
    value: USD(110),
    skip: !HAVE_OCR,
  },
  {
    processor: 'prc_llm_fields',
    what: 'a text file read by the model',
    file: async () => part('contract.txt', Buffer.from(CONTRACT), 'text/plain'),
    fields: { requirements: JSON.stringify([{ key: 'vendor.name', label: 'Vendor name' }]) },
    key: 'vendor.name',
    value: 'Contoso Ltd',
  },
];

/** The fake model's answer to an extraction request: the supplier for every requested key. */
function answer(request: FakeChatRequest) {
  if (request.schemaName !== 'extracted_facts') return { content: 'ok' };
  const schema = request.responseFormat?.json_schema as { schema: { properties: { fieldValues: { required: string[] } } } };
  const fieldValues = Object.fromEntries(schema.schema.properties.fieldValues.required.map((key) => [key, 'Contoso Ltd']));
  return { content: JSON.stringify({ entities: { people: [], organizations: [], places: [], dates: [], money: [], emails: [] }, fieldValues }) };
}

describe('the built service runs every processor on a file of its kind', () => {
  let fake: FakeOpenAi;
  let service: BuiltService;

  beforeAll(async () => {
    fake = await startFakeOpenAi({ respond: answer });
    // A model configured, so that the model-read processor is enabled like the others.
    const model = { LLM_PROVIDER: 'openai-compatible', LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake-large', LLM_TIMEOUT_MS: '30000' };
    service = await startBuiltService({ CONSOLE_ENABLED: 'false', ...model });
  }, 120_000);

  afterAll(async () => {
    await service?.stop();
    await fake?.close();
  }, 60_000);

  it('has a case here for each processor the service offers, all enabled', async () => {
    const listed = await service.quire.json('GET', '/processors');
    expect(listed.status).toBe(200);
    const offered = listed.body.processors as Array<{ id: string; state: string }>;
    expect(offered.map((p) => p.id).sort()).toEqual(PROCESSORS.map((p) => p.id).sort());
    expect(offered.filter((p) => p.state !== 'enabled')).toEqual([]);
    expect([...new Set(CASES.map((c) => c.processor))].sort()).toEqual(PROCESSORS.map((p) => p.id).sort());
  });

  for (const c of CASES) {
    it.skipIf(c.skip)(
      `${c.processor} reads ${c.what}`,
      async () => {
        const { quire } = service;
        const file = await c.file();
        const fields = { name: `${c.processor} ${c.what}`, processor_id: c.processor, ...c.fields };
        const created = await postMultipart(quire, quire.token, 'acme', '/assessments', fields, [file]);
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        const [doc] = await processedDocuments(quire, created.body.assessment.id);
        expect(doc?.errors, JSON.stringify(doc)).toEqual([]);
        expect(doc).toMatchObject({ processing_status: 'processed', latest_run: { status: 'succeeded', processor_id: c.processor } });

        const items = await quire.json('GET', `/documents/${doc?.document_id}/extracted-items`);
        expect(items.status).toBe(200);
        const listed = items.body.items as Array<{ key: string; value: unknown }>;
        const values = listed.filter((item) => item.key === c.key).map((item) => item.value);
        expect(values, `items: ${listed.map((item) => item.key).join(', ')}`).toContainEqual(c.value);
      },
      120_000,
    );
  }
});
