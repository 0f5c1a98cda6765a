import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeDocx } from '../docx/compose-docx.js';
import { largeDocument, sampleDocument } from '../docx/test-support/sample-documents.js';
import { LibreOfficePool } from './libreoffice-pool.js';
import {
  DEFAULT_PDF_CONVERTER_SETTINGS,
  PdfConversionTimeoutError,
  PdfConverterBusyError,
  PdfConverterNotReadyError,
  PdfConverterUnavailableError,
  type PdfConverterSettings,
} from './pdf-converter.js';

/**
 * The pool against a real LibreOffice (CI installs libreoffice-writer and python3-uno; without
 * them the LibreOffice half skips, saying so). The unavailable half needs nothing installed.
 */

const run = promisify(execFile);
// The queue budget also bounds the wait for LibreOffice's start, which a loaded CI host makes slow: generous unless a test says.
const settings = (overrides: Partial<PdfConverterSettings> = {}): PdfConverterSettings => ({
  ...DEFAULT_PDF_CONVERTER_SETTINGS,
  queueTimeoutMs: 300_000,
  ...overrides,
});
const installed =
  spawnSync('sh', ['-c', 'command -v soffice && command -v pdftotext'], { stdio: 'ignore' }).status === 0 &&
  spawnSync(DEFAULT_PDF_CONVERTER_SETTINGS.pythonPath, ['-c', 'import uno'], { stdio: 'ignore' }).status === 0;
const title = installed ? 'LibreOffice pool' : 'LibreOffice pool (skipped: soffice, pdftotext or python3-uno not installed)';
if (!installed) console.warn(`[pdf] ${title}`);

/** The pids of a process group's members, named. */
async function groupMembers(pgid: number): Promise<Array<{ pid: number; command: string }>> {
  const { stdout } = await run('ps', ['-o', 'pid=,comm=', '-g', String(pgid)]).catch(() => ({ stdout: '' }));
  return stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [pid, command] = line.trim().split(/\s+/);
      return { pid: Number(pid), command };
    });
}

describe('LibreOffice pool without LibreOffice', () => {
  it('says Python is missing when the interpreter is', async () => {
    const pool = new LibreOfficePool(settings({ pythonPath: '/nonexistent/python3' }));
    try {
      const error = await pool.convert(Buffer.from('not used')).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PdfConverterUnavailableError);
      expect((error as Error).message).toContain('Python 3 was not found at /nonexistent/python3');
    } finally {
      await pool.close();
    }
  });
});

describe.skipIf(!installed)(title, () => {
  let dir = '';
  let sample: Buffer;
  let large: Buffer;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'quire-pdf-test-'));
    sample = await composeDocx(sampleDocument());
    large = await composeDocx(largeDocument(60));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function textOf(pdf: Buffer): Promise<string> {
    const path = join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
    await writeFile(path, pdf);
    return (await run('pdftotext', ['-layout', path, '-'])).stdout;
  }

  it('says how to enable PDF conversion when soffice is missing', async () => {
    const pool = new LibreOfficePool(settings({ sofficePath: '/nonexistent/soffice' }));
    try {
      const error = await pool.convert(Buffer.from('not used')).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PdfConverterUnavailableError);
      expect((error as Error).message).toContain('/nonexistent/soffice');
      expect(pool.state().processIds).toEqual([]);
    } finally {
      await pool.close();
    }
  });

  it('starts nothing until the first conversion, then converts with the contents page numbered', async () => {
    const pool = new LibreOfficePool(settings({ converters: 1 }));
    try {
      expect(pool.state()).toMatchObject({ processIds: [], started: 0 });
      const { pdf, pages } = await pool.convert(sample);
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pages).toBeGreaterThanOrEqual(4);
      const text = await textOf(pdf);
      // The entries carry the heading numbers and, after the index update, the pages.
      expect(text).toMatch(/1\.\s+Processing Overview\s*\.{3,}\s*3\b/);
      expect(text).toMatch(/1\.1\s+Scope\s*\.{3,}\s*\d+/);
      expect(pool.state()).toMatchObject({ started: 1, busy: 0 });
      expect(pool.state().processIds).toHaveLength(1);
    } finally {
      await pool.close();
    }
  }, 120_000);

  it('starts its converters one after another on start(), and a conversion meanwhile joins the start under way', async () => {
    const pool = new LibreOfficePool(settings({ converters: 2 }));
    try {
      const starting = pool.start();
      const converted = await pool.convert(sample);
      expect(converted.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      await starting;
      // Two places, two starts: the conversion started none of its own.
      expect(pool.state()).toMatchObject({ started: 2, busy: 0 });
      expect(pool.state().officeGroups).toHaveLength(2);
    } finally {
      await pool.close();
    }
  }, 120_000);

  it('refuses a conversion as not ready (never as failed) while its converter is still starting, and the start goes on', async () => {
    const pool = new LibreOfficePool(settings({ converters: 1, queueTimeoutMs: 1 }));
    try {
      expect(await pool.convert(sample).catch((e: unknown) => e)).toBeInstanceOf(PdfConverterNotReadyError);
      await pool.start();
      expect(pool.state()).toMatchObject({ started: 1 });
      expect((await pool.convert(sample)).pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    } finally {
      await pool.close();
    }
  }, 120_000);

  it('stops a converter that is still starting when it closes', async () => {
    const pool = new LibreOfficePool(settings({ converters: 1 }));
    const starting = pool.start().catch((e: unknown) => e);
    await pool.close();
    expect(await starting).toBeInstanceOf(PdfConverterNotReadyError);
    expect(pool.state()).toMatchObject({ processIds: [], officeGroups: [] });
  }, 120_000);

  it('replaces a converter whose LibreOffice was killed, and the next conversion succeeds', async () => {
    const pool = new LibreOfficePool(settings({ converters: 1 }));
    try {
      await pool.convert(sample);
      const [bridge] = pool.state().processIds;
      const [group] = pool.state().officeGroups;
      const office = (await groupMembers(group)).find((member) => member.command === 'soffice.bin');
      expect(office, JSON.stringify(await groupMembers(group))).toBeDefined();
      process.kill(office?.pid ?? -1, 'SIGKILL');
      const { pdf } = await pool.convert(sample);
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pool.state().started).toBe(2);
      expect(pool.state().processIds).not.toContain(bridge);
      expect(await groupMembers(group)).toEqual([]);
    } finally {
      await pool.close();
    }
  }, 120_000);

  it('replaces a converter after its maximum number of conversions', async () => {
    const pool = new LibreOfficePool(settings({ converters: 1, maxConversions: 2 }));
    try {
      for (let i = 0; i < 3; i++) await pool.convert(sample);
      expect(pool.state().started).toBe(2);
    } finally {
      await pool.close();
    }
  }, 120_000);

  it('kills a converter that runs past the timeout and leaves the place free for a fresh one', async () => {
    // 60 sections take LibreOffice seconds; 200 ms is far below that on any machine.
    const pool = new LibreOfficePool(settings({ converters: 1, timeoutMs: 200 }));
    try {
      const first = await pool.convert(large).catch((e: unknown) => e);
      expect(first).toBeInstanceOf(PdfConversionTimeoutError);
      expect((first as Error).message).toBe('the PDF conversion took longer than 0.2 s');
      expect(pool.state()).toMatchObject({ processIds: [], officeGroups: [], busy: 0, started: 1 });
      await pool.convert(large).catch((e: unknown) => e);
      expect(pool.state()).toMatchObject({ processIds: [], busy: 0, started: 2 });
    } finally {
      await pool.close();
    }
  }, 120_000);

  it('refuses a conversion as busy when no converter frees up within the queue budget, and serves it after', async () => {
    const pool = new LibreOfficePool(settings({ converters: 1, queueTimeoutMs: 100 }));
    try {
      // Started first: the queue budget also bounds the wait for a converter to come up.
      await pool.start();
      // The first holds the only converter for seconds (it starts LibreOffice, then 60 sections).
      const first = pool.convert(large);
      const second = await pool.convert(sample).catch((e: unknown) => e);
      expect(second).toBeInstanceOf(PdfConverterBusyError);
      expect(pool.state().waiting).toBe(0);
      expect((await first).pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect((await pool.convert(sample)).pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    } finally {
      await pool.close();
    }
  }, 120_000);

  it('leaves no LibreOffice behind when it closes', async () => {
    const pool = new LibreOfficePool(settings({ converters: 2 }));
    await Promise.all([pool.convert(sample), pool.convert(sample)]);
    const { processIds, officeGroups } = pool.state();
    expect(officeGroups).toHaveLength(2);
    await pool.close();
    // Not even a zombie: the bridge reaped LibreOffice and the service reaped the bridge.
    for (const pgid of [...processIds, ...officeGroups]) expect(await groupMembers(pgid)).toEqual([]);
  }, 120_000);
});
