/**
 * The Word templates customers make (in Word and in LibreOffice Writer: word-template/test-support/
 * customer-templates.ts), each filled through the tenant-code pool and read back as a reader
 * would: LibreOffice lays it out as a PDF without error, pandoc reads the expected text, the PDF
 * shows the header and footer, and the template's style names are all still there.
 */
import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleDocument } from '../docx/test-support/sample-documents.js';
import { LibreOfficePool } from '../pdf/libreoffice-pool.js';
import { DEFAULT_PDF_CONVERTER_SETTINGS } from '../pdf/pdf-converter.js';
import { CUSTOMER_TEMPLATES, plainWords } from '../word-template/test-support/customer-templates.js';
import { fillWordTemplate } from './word-templates.js';

const run = promisify(execFile);
const installed =
  spawnSync('sh', ['-c', 'command -v soffice && command -v pandoc && command -v pdftotext'], { stdio: 'ignore' }).status === 0 &&
  spawnSync(DEFAULT_PDF_CONVERTER_SETTINGS.pythonPath, ['-c', 'import uno'], { stdio: 'ignore' }).status === 0;
const title = installed ? 'Word templates read back' : 'Word templates read back (skipped: soffice, pandoc, pdftotext or python3-uno not installed)';
if (!installed) console.warn(`[word-template] ${title}`);

const FINALIZED = sampleDocument({ lifecycleState: 'finalized', blocks: [], sources: [] });

async function styleNames(docx: Uint8Array): Promise<string[]> {
  const styles = await (await JSZip.loadAsync(docx)).file('word/styles.xml')?.async('string');
  return [...(styles ?? '').matchAll(/<w:style\b[\s\S]*?<w:name w:val="([^"]*)"/g)].map((match) => match[1]).sort();
}

describe.skipIf(!installed)(title, () => {
  let pool: LibreOfficePool;
  let dir: string;

  beforeAll(async () => {
    pool = new LibreOfficePool({ ...DEFAULT_PDF_CONVERTER_SETTINGS, converters: 1, queueTimeoutMs: 300_000 });
    dir = await mkdtemp(join(tmpdir(), 'word-templates-'));
  });
  afterAll(async () => {
    await pool?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('has at least a dozen customer templates, from Word and from Writer', () => {
    expect(CUSTOMER_TEMPLATES.length).toBeGreaterThanOrEqual(12);
  });

  it.each(CUSTOMER_TEMPLATES.map((template) => [template.name, template] as const))('%s fills, lays out and reads back', async (name, template) => {
    const source = await template.docx();
    const filled = await fillWordTemplate(source, { context: template.context, sections: [], composed: FINALIZED });

    const path = join(dir, `${name}.docx`);
    await writeFile(path, filled);
    const { stdout } = await run('pandoc', ['-f', 'docx', '-t', 'plain', '--wrap=none', path]);
    expect(plainWords(stdout)).toBe(template.text);

    const { pdf, pages } = await pool.convert(filled);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pages).toBe(1);
    await writeFile(join(dir, `${name}.pdf`), pdf);
    const { stdout: shown } = await run('pdftotext', ['-layout', join(dir, `${name}.pdf`), '-']);
    for (const line of template.pdfText ?? []) expect(plainWords(shown)).toContain(plainWords(line));

    expect(await styleNames(filled)).toEqual(await styleNames(source));
  });
});
