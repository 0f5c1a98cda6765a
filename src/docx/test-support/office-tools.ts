import { execFile, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** Helpers to hand a .docx to real consumers (LibreOffice, poppler, pandoc) in tests. */

const run = promisify(execFile);

export function hasBinary(name: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

export function missingBinaries(names: readonly string[]): string[] {
  return names.filter((name) => !hasBinary(name));
}

/** Converts with a throw-away LibreOffice profile, so parallel runs never fight over a lock. */
export async function convertToPdf(docxPath: string, outDir: string): Promise<string> {
  const profile = join(tmpdir(), `lo-${randomUUID()}`);
  try {
    await run('soffice', [`-env:UserInstallation=file://${profile}`, '--headless', '--norestore', '--convert-to', 'pdf', '--outdir', outDir, docxPath], {
      timeout: 90_000,
    });
  } finally {
    await rm(profile, { recursive: true, force: true });
  }
  const base = docxPath.replace(/^.*\//, '').replace(/\.docx$/, '');
  return join(outDir, `${base}.pdf`);
}

export async function pdfPageCount(pdfPath: string): Promise<number> {
  const { stdout } = await run('pdfinfo', [pdfPath]);
  const match = /^Pages:\s+(\d+)/m.exec(stdout);
  if (!match) throw new Error(`pdfinfo printed no page count:\n${stdout}`);
  return Number(match[1]);
}

export async function pdfText(pdfPath: string): Promise<string> {
  const { stdout } = await run('pdftotext', [pdfPath, '-'], { maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

export async function pandocMarkdown(docxPath: string): Promise<string> {
  const { stdout } = await run('pandoc', ['-f', 'docx', '-t', 'markdown', docxPath], { maxBuffer: 64 * 1024 * 1024, timeout: 60_000 });
  return stdout;
}
