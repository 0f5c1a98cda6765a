/**
 * The BUILT service (issue #17): the build bundles the server (scripts/build-server.mjs), which
 * moves every module's `import.meta.url` to the bundle's, and worker threads are started from
 * files beside it. So each kind of worker is exercised once from the build's own output, laid
 * out as a deployment has it (dist/ beside package.json and node_modules), on a fresh DATA_DIR:
 * a templated render (tenant-code pool), a PDF upload (page inspection in the pdf-text worker,
 * extraction in a processor worker) and a .docx export large enough for the composer worker.
 * A worker entry missing from the build fails here; the rest of the suite runs from sources.
 * The PDF export's converter program (uno_bridge.py), which the build copies beside the bundle,
 * is checked the same way where LibreOffice is installed.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IN_PROCESS_MAX_CHARS } from '../../src/docx/compose-bounded.js';
import { makeFormPdf } from '../../src/extraction/test-support/fixtures.js';
import { multipart } from './assessments-helpers.js';
import { type QuireData, type QuireProcess, newQuireData, removeQuireData, startQuireProcess } from '../support/quire-process.js';
import { collectEvents } from '../support/sse.js';
import { until } from '../support/until.js';

const ROOT = path.resolve('.');
const PARAGRAPHS = 1500;
const LIBREOFFICE =
  spawnSync('sh', ['-c', 'command -v soffice'], { stdio: 'ignore' }).status === 0 &&
  spawnSync('/usr/bin/python3', ['-c', 'import uno'], { stdio: 'ignore' }).status === 0;

describe('the built service runs each kind of worker from its own output', () => {
  let deployDir: string;
  let data: QuireData;
  let quire: QuireProcess;

  beforeAll(async () => {
    deployDir = await fs.mkdtemp(path.join(os.tmpdir(), 'quire-built-'));
    const built = spawnSync(process.execPath, ['scripts/build-server.mjs', '--no-typecheck', '--outdir', path.join(deployDir, 'dist')], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(built.status, `${built.stdout}\n${built.stderr}`).toBe(0);
    await fs.copyFile(path.join(ROOT, 'package.json'), path.join(deployDir, 'package.json'));
    await fs.symlink(path.join(ROOT, 'node_modules'), path.join(deployDir, 'node_modules'));
    data = await newQuireData('sqlite');
    // No console build in this layout: the console has its own tests.
    quire = await startQuireProcess(data, { CONSOLE_ENABLED: 'false' }, { entry: path.join(deployDir, 'dist', 'main.js'), startTimeoutMs: 60_000 });
  }, 120_000);

  afterAll(async () => {
    if (quire) {
      quire.child.kill('SIGTERM');
      await quire.exited;
    }
    if (data) await removeQuireData(data);
    if (deployDir) await fs.rm(deployDir, { recursive: true, force: true });
  }, 60_000);

  it('renders a templated section in the tenant-code pool and exports it through the composer worker', async () => {
    const template = await quire.json('POST', '/v1/templates', {
      slug: 'built-report',
      title: 'Built report',
      fields: [{ key: 'client', label: 'Client', value: 'Contoso' }],
      sections: [
        {
          key: 'records',
          title: 'Records',
          render_mode: 'templated',
          output_type: 'markdown',
          output_template: `{% for i in range(${PARAGRAPHS}) %}Paragraph {{ i + 1 }}: {{ client }} keeps its records in good order.\n\n{% endfor %}`,
        },
      ],
    });
    expect(template.status, JSON.stringify(template.body)).toBe(201);
    const created = await quire.json('POST', '/v1/documents', { templateId: 'built-report' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id: string = created.body.document.id;

    const started = await quire.json('POST', `/v1/documents/${id}/generate`, {});
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const events = await collectEvents(`${quire.url}/v1/documents/${id}/progress`, quire.token, { org: 'acme', timeoutMs: 60_000 });
    expect(events.at(-1)?.event, JSON.stringify(events.at(-1))).toBe('pipeline_finished');

    const sections = await quire.json('GET', `/v1/documents/${id}/sections`);
    expect(sections.status).toBe(200);
    const [records] = sections.body as Array<{ key: string; content: string }>;
    expect(records?.key).toBe('records');
    expect(records?.content).toContain(`Paragraph ${PARAGRAPHS}: Contoso keeps its records in good order.`);
    // Larger than what composes in-process: the export below goes through the composer worker.
    expect(records?.content.length).toBeGreaterThan(IN_PROCESS_MAX_CHARS);

    const exported = await fetch(`${quire.url}/v1/documents/${id}/export.docx`, { headers: { authorization: `Bearer ${quire.token}`, 'x-org-slug': 'acme' } });
    expect(exported.status, exported.status === 200 ? '' : await exported.text()).toBe(200);
    const zip = await JSZip.loadAsync(Buffer.from(await exported.arrayBuffer()));
    const body = (await zip.file('word/document.xml')?.async('string')) ?? '';
    expect(body).toContain('Paragraph 1: Contoso keeps its records in good order.');
    expect(body).toContain(`Paragraph ${PARAGRAPHS}: Contoso keeps its records in good order.`);
  }, 120_000);

  it.skipIf(!LIBREOFFICE)(
    'converts a document to PDF with the converter program found beside the bundle',
    async () => {
      const created = await quire.json('POST', '/v1/documents', { templateId: 'engagement-letter' });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const exported = await fetch(`${quire.url}/v1/documents/${created.body.document.id}/export.pdf`, {
        headers: { authorization: `Bearer ${quire.token}`, 'x-org-slug': 'acme' },
      });
      expect(exported.status, exported.status === 200 ? '' : await exported.text()).toBe(200);
      expect(exported.headers.get('content-type')).toBe('application/pdf');
      expect(
        Buffer.from(await exported.arrayBuffer())
          .subarray(0, 5)
          .toString('latin1'),
      ).toBe('%PDF-');
    },
    120_000,
  );

  it('inspects an uploaded PDF in the pdf-text worker and extracts its items in a processor worker', async () => {
    // A form: pdfjs reads it (poppler, which reads other text PDFs when installed, would draw the
    // field values into the text), so the bundle's pdf-text worker inspects it and reads its
    // fields (a filled form goes to the acroform processor).
    const pdf = await makeFormPdf({ printed: ['Vendor details'] });
    const { body, contentType } = multipart({ name: 'Built invoice' }, [{ name: 'invoice.pdf', bytes: pdf, type: 'application/pdf' }]);
    const response = await fetch(`${quire.url}/assessments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${quire.token}`, 'x-org-slug': 'acme', 'content-type': contentType },
      body,
    });
    const created = (await response.json()) as { assessment: { id: string }; documents: Array<{ id: string; page_count: number; text_layer: string }> };
    expect(response.status, JSON.stringify(created)).toBe(201);
    // The page count and the text layer come from the pdf-text worker's inspection.
    expect(created.documents[0]).toMatchObject({ page_count: 1, text_layer: 'present' });
    const docId = created.documents[0]?.id;

    // Processing runs in the background: wait until the run has ended, however it ended.
    const details = await until(
      async () => {
        const got = await quire.json('GET', `/assessments/${created.assessment.id}/document-processing-details`);
        return ['queued', 'processing'].includes(got.body.documents[0].processing_status) ? undefined : got;
      },
      'the processing run to end',
      100_000,
    );
    expect(details.body.documents[0], JSON.stringify(details.body)).toMatchObject({ document_id: docId, processing_status: 'processed' });
    expect(details.body.documents[0].latest_run).toMatchObject({ status: 'succeeded', processor_id: 'prc_acroform' });

    const items = await quire.json('GET', `/documents/${docId}/extracted-items`);
    expect(items.status).toBe(200);
    const vendor = (items.body.items as Array<{ key: string; value: unknown }>).find((item) => item.key === 'form.vendor_name');
    expect(vendor?.value).toBe('Contoso Ltd');
  }, 120_000);
});
