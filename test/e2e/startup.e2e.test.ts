/**
 * The process itself: a bad configuration value stops start-up with one line naming the
 * variable; a good one serves /health.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { singleProcessEntryArgs } from '../support/quire-process.js';

/** Runs the service's entry: the built server when dist/ is fresh (as CI has it), else the sources through tsx. */
async function runMain(env: Record<string, string>, untilOutput?: RegExp): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const args = await singleProcessEntryArgs();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, LOG_LEVEL: 'info', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (untilOutput?.test(stdout)) child.kill('SIGTERM');
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('process start-up', () => {
  it.each([
    ['PORT', 'not-a-port'],
    ['AUTH_MODE', 'trust-me'],
    ['DATABASE_URL', 'mysql://db/quire'],
    ['BLOB_STORE', 'nfs'],
  ])('refuses a bad %s with one line naming it', async (name, value) => {
    const result = await runMain({ [name]: value });
    expect(result.code).toBe(1);
    const lines = result.stderr.split('\n').filter((l) => l.trim() !== '' && !l.includes('ExperimentalWarning'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Configuration error: ${name} `));
  });

  it.each([
    [{ BLOB_STORE: 's3' }, 'S3_BUCKET'],
    [{ BLOB_STORE: 'postgres' }, 'DATABASE_URL'],
  ])('refuses the blob store combination %j with one line naming %s', async (env, name) => {
    const result = await runMain(env);
    expect(result.code).toBe(1);
    const lines = result.stderr.split('\n').filter((l) => l.trim() !== '' && !l.includes('ExperimentalWarning'));
    expect(lines).toEqual([expect.stringMatching(new RegExp(`^Configuration error: ${name} is required when BLOB_STORE=`))]);
  });

  it('starts on an empty DATA_DIR and says where it listens', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'quire-start-'));
    try {
      const result = await runMain({ DATA_DIR: dataDir, PORT: '0' }, /Quire listening on http:\/\/127\.0\.0\.1:\d+/);
      expect(result.stdout).toMatch(/Quire listening on http:\/\/127\.0\.0\.1:\d+ \(docs: .*\/docs, database: sqlite, role: all\)/);
      await expect(fs.stat(path.join(dataDir, 'quire.db'))).resolves.toBeTruthy();
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
