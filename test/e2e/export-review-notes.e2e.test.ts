/**
 * Output hygiene of the exports (issue 31, item 5), over real HTTP with a real LibreOffice on
 * SQLite, for a document whose check stage flagged claims: each footnote of the PDF names
 * the source the .docx names (LibreOffice's import of Word comments used to put other notes'
 * bodies under the references), the PDF carries no reviewer comments unless asked
 * (`comments=true` prints them as the "Review notes" annex), and a finalized document carries
 * none in either export.
 */
import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiFor, createTemplate } from '../support/api.js';
import { describeOneDialect } from '../support/dialects.js';
import { collectEvents } from '../support/sse.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

const run = promisify(execFile);
const installed =
  spawnSync('sh', ['-c', 'command -v soffice && command -v pdftotext'], { stdio: 'ignore' }).status === 0 &&
  spawnSync('/usr/bin/python3', ['-c', 'import uno'], { stdio: 'ignore' }).status === 0;
const suffix = installed ? '' : ' (skipped: soffice, poppler-utils or python3-uno not installed)';

const REGULATION = 'Regulation (EU) 2016/679, Articles 35–36';
const GUIDANCE = 'Quire DPIA guidance note';

/**
 * A DPIA-like document: two sources cited across four sections (numbered by output key: [1] the guidance,
 * [2] the Regulation); the check flags the two sentences whose numbers no source gives.
 */
const TEMPLATE = {
  slug: 'flagged-dpia',
  title: 'Flagged DPIA',
  dataNeeds: [
    {
      output_key: 'regulation',
      kind: 'static',
      name: 'Regulation',
      args_json: {
        value: 'Article 35(3) requires an assessment for processing on a large scale of special categories of data.',
        source: { title: REGULATION, url: 'https://eur-lex.europa.eu/eli/reg/2016/679/oj' },
      },
    },
    {
      output_key: 'guidance',
      kind: 'static',
      name: 'Guidance',
      args_json: { value: 'Rate each risk by its likelihood and its severity.', source: { title: GUIDANCE } },
    },
  ],
  sections: [
    {
      key: 'overview',
      title: 'Overview',
      render_mode: 'templated',
      output_type: 'markdown',
      output_template: 'An assessment is required in 80% of cases [2].',
    },
    {
      key: 'necessity',
      title: 'Necessity',
      render_mode: 'templated',
      output_type: 'markdown',
      output_template: 'An assessment is required for processing on a large scale [2]. Rate each risk by its likelihood and its severity [1].',
    },
    {
      key: 'risks',
      title: 'Risks',
      render_mode: 'templated',
      output_type: 'markdown',
      output_template: 'Rate each risk by its likelihood [1]. 45% of the risks are high [1].',
    },
    { key: 'measures', title: 'Measures', render_mode: 'templated', output_type: 'markdown', output_template: 'An assessment is required [2].' },
  ],
};

/** The sources the notes name, in the order of the references in the text. */
async function docxNotes(bytes: Buffer): Promise<string[]> {
  const zip = await JSZip.loadAsync(bytes);
  const body = (await zip.file('word/document.xml')?.async('string')) ?? '';
  const notes = (await zip.file('word/footnotes.xml')?.async('string')) ?? '';
  const textOf = new Map(
    [...notes.matchAll(/<w:footnote w:id="(\d+)">([\s\S]*?)<\/w:footnote>/g)].map((m) => [
      m[1],
      [...m[2].matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((t) => t[1]).join(''),
    ]),
  );
  return [...body.matchAll(/<w:footnoteReference w:id="(\d+)"\/>/g)].map((m) => sourceNamed(textOf.get(m[1]) ?? ''));
}

/** The note lines of the PDF's text (pdftotext prints each page's notes at its foot, in order), by the source they name. */
function pdfNotes(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith(REGULATION) || line.startsWith(GUIDANCE))
    .map(sourceNamed);
}

function sourceNamed(note: string): string {
  if (note.includes(REGULATION)) return REGULATION;
  if (note.includes(GUIDANCE)) return GUIDANCE;
  return `unknown note: ${note}`;
}

describeOneDialect(`export: reviewer comments and footnotes${suffix}`, (dialect) => {
  let server: TestServer;
  let api: Api;
  let token: string;
  let dir = '';
  let documentId = '';

  const download = async (path: string): Promise<Buffer> => {
    const response = await server.call('GET', `/v1/documents/${documentId}/${path}`, { token, org: 'acme' });
    expect(response.status, path).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  };
  const pdfText = async (bytes: Buffer, name: string): Promise<string> => {
    const path = join(dir, `${name}.pdf`);
    await writeFile(path, bytes);
    return (await run('pdftotext', [path, '-'])).stdout;
  };

  beforeAll(async () => {
    if (!installed) return;
    dir = await mkdtemp(join(tmpdir(), 'quire-review-notes-'));
    server = await startTestServer({ dialect });
    api = await apiFor(server);
    token = await server.login();
    await createTemplate(api, TEMPLATE);
    documentId = (await api.post('/v1/documents', { templateId: TEMPLATE.slug })).body.document.id;
    expect((await api.post(`/v1/documents/${documentId}/generate`, {})).status).toBe(200);
    const events = await collectEvents(`${server.url}/v1/documents/${documentId}/progress`, token, { org: 'acme' });
    const finished = events.at(-1) as unknown as { event: string; unsupported_sections: Array<{ claims: unknown[] }> };
    expect(finished.event).toBe('pipeline_finished');
    const claims = finished.unsupported_sections.flatMap((s) => s.claims);
    expect(claims, JSON.stringify(claims)).toHaveLength(2);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  describe.skipIf(!installed)('with LibreOffice', () => {
    it('prints under each footnote of the PDF the source the .docx names, with and without the review notes', async () => {
      const docx = await download('export.docx');
      expect(await JSZip.loadAsync(docx).then((zip) => zip.file('word/comments.xml')?.async('string'))).toContain('80% of cases');
      const expected = await docxNotes(docx);
      // One note per source per section: five references naming both sources.
      expect(expected).toHaveLength(5);
      expect(new Set(expected)).toEqual(new Set([REGULATION, GUIDANCE]));
      expect(pdfNotes(await pdfText(await download('export.pdf'), 'plain'))).toEqual(expected);
      expect(pdfNotes(await pdfText(await download('export.pdf?comments=true'), 'annex'))).toEqual(expected);
    }, 120_000);

    it('prints the flagged claims only when the reader asks, as review notes after the text', async () => {
      const plain = await download('export.pdf');
      expect(plain.includes('/Subtype /Text')).toBe(false);
      expect(await pdfText(plain, 'plain-2')).not.toMatch(/Review notes|Unsupported claim/);

      const annotated = await download('export.pdf?comments=true');
      expect(annotated.includes('/Subtype /Text')).toBe(false);
      const text = (await pdfText(annotated, 'annex-2')).replace(/\s+/g, ' ');
      expect(text).toMatch(/Review notes Overview • “An assessment is required in 80% of cases\.” Unsupported claim: .*80%/);
      expect(text).toMatch(/Risks • “45% of the risks are high\.” Unsupported claim: .*45%/);
    }, 120_000);

    it('answers 422 with a detail for a comments value that is not a boolean', async () => {
      const response = await server.call('GET', `/v1/documents/${documentId}/export.pdf?comments=perhaps`, { token, org: 'acme' });
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual({ detail: expect.anything() });
    });

    it('carries no reviewer comment once finalized, in the .docx or the PDF, even when asked', async () => {
      expect((await api.put(`/v1/documents/${documentId}/state`, { state: 'finalized' })).status).toBe(200);
      const zip = await JSZip.loadAsync(await download('export.docx'));
      expect((await zip.file('word/comments.xml')?.async('string')) ?? '').not.toContain('Unsupported claim');
      expect(await zip.file('word/document.xml')?.async('string')).not.toContain('commentReference');
      const pdf = await download('export.pdf?comments=true');
      expect(pdf.includes('/Subtype /Text')).toBe(false);
      expect(await pdfText(pdf, 'finalized')).not.toMatch(/Review notes|Unsupported claim/);
    }, 120_000);
  });
});
