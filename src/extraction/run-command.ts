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

/** What happened to a running command, as its handlers saw it. */
interface CommandState {
  chunks: Buffer[];
  size: number;
  stderr: string;
  timedOut: boolean;
  tooLarge: boolean;
  aborted: boolean;
  consumerError: string | null;
}

/** Runs `cmd args…`; resolves (never rejects) within `timeoutMs` plus a kill grace. */
export function runCommand(cmd: string, args: string[], opts: CommandOptions): Promise<CommandResult> {
  const max = opts.max_output_bytes ?? 64 * 1024 * 1024;
  return new Promise((resolve) => {
    const state: CommandState = { chunks: [], size: 0, stderr: '', timedOut: false, tooLarge: false, aborted: false, consumerError: null };
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
      state.aborted = true;
      child.kill('SIGKILL');
    };
    if (opts.signal?.aborted) onAbort();
    else opts.signal?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => {
      state.timedOut = true;
      child.kill('SIGKILL');
    }, opts.timeout_ms);
    child.stdout.on('data', (c: Buffer) => takeStdout(state, c, max, opts, () => child.kill('SIGKILL')));
    child.stderr.on('data', (c: Buffer) => {
      if (state.stderr.length < 8192) state.stderr += c.toString('utf8');
    });
    child.on('error', (err: NodeJS.ErrnoException) => {
      finish({
        stdout: Buffer.alloc(0),
        stderr: state.stderr,
        exit_code: null,
        timed_out: false,
        error: err.code === 'ENOENT' ? { code: 'not_found', message: `${cmd} is not installed` } : { code: 'spawn_failed', message: `${cmd}: ${err.message}` },
      });
    });
    child.on('close', (code) => {
      const error = outcomeError(state, cmd, opts.timeout_ms, max, code);
      finish({ stdout: Buffer.concat(state.chunks), stderr: state.stderr, exit_code: code, timed_out: state.timedOut, error });
    });
  });
}

/** One chunk of standard output: over the cap kills the command; else it is handed over or kept. */
function takeStdout(state: CommandState, c: Buffer, max: number, opts: CommandOptions, kill: () => void): void {
  state.size += c.length;
  if (state.size > max) {
    state.tooLarge = true;
    kill();
  } else if (opts.onStdout && state.consumerError === null) {
    try {
      opts.onStdout(c);
    } catch (err) {
      state.consumerError = err instanceof Error ? err.message : String(err);
      kill();
    }
  } else if (!opts.onStdout) state.chunks.push(c);
}

/** Why an ended command failed, the first reason in this order, or null when it exited 0. */
function outcomeError(state: CommandState, cmd: string, timeoutMs: number, max: number, code: number | null): CommandResult['error'] {
  if (state.timedOut) return { code: 'timeout', message: `${cmd} exceeded ${timeoutMs} ms and was killed` };
  if (state.aborted) return { code: 'aborted', message: `${cmd} was stopped` };
  if (state.consumerError !== null) return { code: 'consumer_failed', message: `reading the output of ${cmd} failed: ${state.consumerError}` };
  if (state.tooLarge) return { code: 'output_too_large', message: `${cmd} output exceeded ${max} bytes` };
  if (code !== 0) return { code: 'exit', message: `${cmd} exited ${code}: ${state.stderr.trim().slice(0, 500)}` };
  return null;
}
