/**
 * Stoplight Prism's validating proxy as a child process: `prism proxy <document> <upstream>
 * --errors=false` on a free port. With `--errors=false` Prism forwards every request unchanged
 * and only reports what breaks the contract, in the `sl-violations` response header and as
 * `Violation:` lines in its log, which is kept whole in a file.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export interface PrismProxy {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  logFile: string;
  /** The `Violation:` lines Prism logged so far (a cross-check of the headers). */
  loggedViolations(): number;
  close(): Promise<void>;
}

const ANSI = /\u001b\[[0-9;]*m/g;

/** Starts Prism on a free loopback port; resolves once it listens. */
export async function startPrismProxy(document: string, upstream: string, logFile: string, timeoutMs = 60_000): Promise<PrismProxy> {
  const cli = require.resolve('@stoplight/prism-cli/dist/index.js');
  const child = spawn(process.execPath, [cli, 'proxy', document, upstream, '--errors=false', '--port', '0', '--host', '127.0.0.1'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: '0', SCARF_ANALYTICS: 'false' },
  });
  const log = createWriteStream(logFile);
  let violations = 0;
  let buffered = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Prism did not start within ${timeoutMs} ms (log: ${logFile})`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      const text = chunk.toString('utf8').replace(ANSI, '');
      log.write(text);
      buffered += text;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (line.includes('Violation:')) violations += 1;
        const listening = /Prism is listening on (http:\/\/\S+)/.exec(line);
        if (listening) {
          clearTimeout(timer);
          resolve(listening[1]);
        }
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Prism exited with code ${code} before listening (log: ${logFile})`));
    });
  });
  return {
    url,
    logFile,
    loggedViolations: () => violations,
    close: () => stop(child, log),
  };
}

async function stop(child: ChildProcess, log: NodeJS.WritableStream): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  await new Promise<void>((resolve) => log.end(() => resolve()));
}
