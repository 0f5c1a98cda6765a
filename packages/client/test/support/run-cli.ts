/** Runs the CLI in-process with its own config file and working folder, capturing its output. */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { main } from '../../src/cli/main.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout as JSON lines (with --json). */
  lines(): unknown[];
}

export interface CliHome {
  dir: string;
  configFile: string;
  run(...argv: string[]): Promise<CliRun>;
  close(): Promise<void>;
}

export async function cliHome(): Promise<CliHome> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'quire-cli-'));
  const configFile = path.join(dir, 'config', 'quire.json');
  return {
    dir,
    configFile,
    run: async (...argv) => {
      let stdout = '';
      let stderr = '';
      const code = await main(argv, {
        stdout: { write: (text: string) => (stdout += text) },
        stderr: { write: (text: string) => (stderr += text) },
        env: { QUIRE_CONFIG: configFile },
        homedir: dir,
        cwd: dir,
      });
      return {
        code,
        stdout,
        stderr,
        lines: () =>
          stdout
            .trim()
            .split('\n')
            .map((line) => JSON.parse(line)),
      };
    },
    close: () => fs.rm(dir, { recursive: true, force: true }),
  };
}
