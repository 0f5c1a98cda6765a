/**
 * Closing the service lets its process end: a program that embeds it (a test, a bench, a tool)
 * and has it extract a file must not hang after `close()` on the extraction workers it started.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const PROGRAM = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../support/close-after-extraction.ts');

describe('closing the service', () => {
  it('lets the process that embedded it end by itself after an extraction', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', PROGRAM], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const ended = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 45_000);
      child.on('exit', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    if (!ended) child.kill('SIGKILL');
    expect(output).toBe('processed\nclosed\n');
    expect(ended).toBe(true);
    expect(child.exitCode).toBe(0);
  });
});
