/**
 * Runs the CLI as users run it: `node bin/quire.mjs …` in a child process (bin/ builds dist/
 * first when it is stale), with its own config file and working folder.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CliHome, CliRun } from './run-cli.js';

const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'quire.mjs');

export async function builtCliHome(): Promise<CliHome> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'quire-built-cli-'));
  const configFile = path.join(dir, 'config', 'quire.json');
  return {
    dir,
    configFile,
    run: (...argv) =>
      new Promise<CliRun>((resolve, reject) => {
        const child = spawn(process.execPath, [BIN, ...argv], { cwd: dir, env: { PATH: process.env.PATH, HOME: dir, QUIRE_CONFIG: configFile } });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.on('error', reject);
        child.on('close', (code) =>
          resolve({
            code: code ?? -1,
            stdout,
            stderr,
            lines: () =>
              stdout
                .trim()
                .split('\n')
                .map((line) => JSON.parse(line)),
          }),
        );
      }),
    close: () => fs.rm(dir, { recursive: true, force: true }),
  };
}
