/**
 * Runs a local tool (tesseract, pdftoppm, pdftotext) as a subprocess with a timeout and an output
 * cap. No shell, no network: arguments are passed as an array and stdin is closed. The output is
 * either collected (`stdout`) or handed over as it comes (`onStdout`, for output read page by page).
 */
import { spawn } from 'node:child_process';

/** Outcome of a command. `error` is set when it could not run, timed out or exited non-zero. */
export interface CommandResult {
  stdout: Buffer;
  stderr: string;
  exit_code: number | null;
  timed_out: boolean;
  /** ENOENT when the binary is missing. */
  error: { code: 'not_found' | 'timeout' | 'exit' | 'output_too_large' | 'spawn_failed' | 'aborted' | 'consumer_failed'; message: string } | null;
}

/** Options of `runCommand`. */
export interface CommandOptions {
  timeout_ms: number;
  max_output_bytes?: number;
  env?: NodeJS.ProcessEnv;
  /**
   * Takes each chunk of standard output as it arrives (then `stdout` stays empty). A throw
   * kills the command and ends it with a `consumer_failed` error.
   */
  onStdout?: (chunk: Buffer) => void;
  /** Kills the command; it ends with an `aborted` error. */
  signal?: AbortSignal;
}

/** Runs `cmd args…`; resolves (never rejects) within `timeoutMs` plus a kill grace. */
export function runCommand(cmd: string, args: string[], opts: CommandOptions): Promise<CommandResult> {
  const max = opts.max_output_bytes ?? 64 * 1024 * 1024;
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    let timedOut = false;
    let tooLarge = false;
    let aborted = false;
    let consumerError: string | null = null;
    let done = false;
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: opts.env ?? process.env });
    const finish = (r: CommandResult): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      resolve(r);
    };
    const onAbort = (): void => {
      aborted = true;
      child.kill('SIGKILL');
    };
    if (opts.signal?.aborted) onAbort();
    else opts.signal?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, opts.timeout_ms);
    child.stdout.on('data', (c: Buffer) => {
      size += c.length;
      if (size > max) {
        tooLarge = true;
        child.kill('SIGKILL');
      } else if (opts.onStdout && consumerError === null) {
        try {
          opts.onStdout(c);
        } catch (err) {
          consumerError = err instanceof Error ? err.message : String(err);
          child.kill('SIGKILL');
        }
      } else if (!opts.onStdout) chunks.push(c);
    });
    child.stderr.on('data', (c: Buffer) => {
      if (stderr.length < 8192) stderr += c.toString('utf8');
    });
    child.on('error', (err: NodeJS.ErrnoException) => {
      finish({
        stdout: Buffer.alloc(0),
        stderr,
        exit_code: null,
        timed_out: false,
        error: err.code === 'ENOENT' ? { code: 'not_found', message: `${cmd} is not installed` } : { code: 'spawn_failed', message: `${cmd}: ${err.message}` },
      });
    });
    child.on('close', (code) => {
      const stdout = Buffer.concat(chunks);
      let error: CommandResult['error'] = null;
      if (timedOut) error = { code: 'timeout', message: `${cmd} exceeded ${opts.timeout_ms} ms and was killed` };
      else if (aborted) error = { code: 'aborted', message: `${cmd} was stopped` };
      else if (consumerError !== null) error = { code: 'consumer_failed', message: `reading the output of ${cmd} failed: ${consumerError}` };
      else if (tooLarge) error = { code: 'output_too_large', message: `${cmd} output exceeded ${max} bytes` };
      else if (code !== 0) error = { code: 'exit', message: `${cmd} exited ${code}: ${stderr.trim().slice(0, 500)}` };
      finish({ stdout, stderr, exit_code: code, timed_out: timedOut, error });
    });
  });
}
