/** Where the CLI writes and what it reads from its process; tests pass their own. */
import os from 'node:os';

export interface CliIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  env: Record<string, string | undefined>;
  homedir: string;
  cwd: string;
}

export function processIo(): CliIo {
  return { stdout: process.stdout, stderr: process.stderr, env: process.env, homedir: os.homedir(), cwd: process.cwd() };
}
