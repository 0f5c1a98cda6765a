/**
 * One long-lived converter: our Python UNO bridge (uno_bridge.py) and the LibreOffice it starts
 * in a process group of LibreOffice's own, which is killed whole on a hang, a crash or a
 * retirement (the bridge, a subreaper, reaps it and exits when its stdin closes). Requests and
 * answers are JSON lines over the bridge's stdin/stdout; the .docx and the PDF pass through
 * files in the converter's own directory (which also holds its LibreOffice profile).
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { type BridgeMessage, BRIDGE_EXIT_GRACE_MS, ConverterCrashedError, bridgeScript, delay, signalGroup } from './bridge-program.js';
import { PdfConversionFailedError, PdfConversionTimeoutError, PdfConverterUnavailableError, type PdfConversion } from './pdf-converter.js';

const STDERR_KEPT = 2000;

export interface ConverterProcessOptions {
  sofficePath: string;
  pythonPath: string;
  startTimeoutMs: number;
}

export class LibreOfficeProcess {
  private conversionCount = 0;
  private nextId = 1;
  private exited = false;
  private readonly exitedPromise: Promise<void>;
  /** LibreOffice's process group, once the bridge said it is ready. */
  private officeGroup: number | undefined;
  private stderr = '';
  private readonly pending = new Map<number, { resolve: (message: BridgeMessage) => void; reject: (error: Error) => void }>();
  private onFirstMessage: ((message: BridgeMessage) => void) | undefined;
  private onExit: ((reason: string) => void) | undefined;

  private constructor(
    private readonly child: ChildProcessWithoutNullStreams,
    private readonly dir: string,
  ) {
    this.exitedPromise = new Promise((resolve) => child.once('exit', () => resolve()));
  }

  /**
   * Starts a converter and waits until LibreOffice answers over the bridge.
   *
   * @throws PdfConverterUnavailableError when Python, its UNO module or LibreOffice is missing;
   *   ConverterCrashedError when it starts but fails to come up within the start budget, or
   *   `signal` aborts the start (the converter is killed).
   */
  static async start(options: ConverterProcessOptions, signal?: AbortSignal): Promise<LibreOfficeProcess> {
    const script = bridgeScript();
    const dir = await mkdtemp(join(tmpdir(), 'quire-pdf-'));
    const pipe = `quire-pdf-${process.pid}-${randomBytes(6).toString('hex')}`;
    // detached: the bridge leads a process group of its own (the last resort of kill()).
    const child = spawn(options.pythonPath, [script, options.sofficePath, join(dir, 'profile'), pipe, String(options.startTimeoutMs / 1000)], {
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const converter = new LibreOfficeProcess(child, dir);
    return converter.waitReady(options, signal);
  }

  private waitReady(options: ConverterProcessOptions, signal: AbortSignal | undefined): Promise<LibreOfficeProcess> {
    return new Promise<LibreOfficeProcess>((resolve, reject) => {
      const timer = setTimeout(() => {
        void this.kill();
        reject(new ConverterCrashedError(`LibreOffice did not start within ${options.startTimeoutMs / 1000} s`));
      }, options.startTimeoutMs);
      const aborted = () => {
        void this.kill();
        settle(() => reject(new ConverterCrashedError('the converter was stopped while it started')));
      };
      // Aborted while the converter's directory was being made: it stops at once.
      if (signal?.aborted) queueMicrotask(aborted);
      else signal?.addEventListener('abort', aborted, { once: true });
      const settle = (action: () => void) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', aborted);
        this.onFirstMessage = undefined;
        this.onExit = undefined;
        action();
      };
      this.onFirstMessage = (message) =>
        settle(() => {
          if (message.type === 'ready') {
            this.officeGroup = message.soffice_pid;
            return resolve(this);
          }
          void this.kill();
          if (message.type === 'unavailable') return reject(new PdfConverterUnavailableError(message.detail ?? 'LibreOffice is missing'));
          reject(new ConverterCrashedError(message.detail ?? 'the converter failed to start'));
        });
      // The bridge's last words (a Python traceback's last line) say why, for the operator.
      this.onExit = (reason) => {
        const why = this.stderr.trim().split('\n').at(-1);
        settle(() => reject(new ConverterCrashedError(`the converter exited while starting (${reason})${why ? `: ${why}` : ''}`)));
      };
      this.child.once('error', (error: NodeJS.ErrnoException) => {
        // A program that could not be spawned never exits.
        if (this.child.pid === undefined) this.exited = true;
        void this.kill();
        settle(() => reject(error.code === 'ENOENT' ? new PdfConverterUnavailableError(`Python 3 was not found at ${options.pythonPath}`) : error));
      });
      this.listen();
    });
  }

  private listen(): void {
    // After start-up an 'error' (a failed signal, say) is only worth a diagnostic, never a crash of the service.
    this.child.on('error', (error) => {
      this.stderr = (this.stderr + String(error)).slice(-STDERR_KEPT);
    });
    this.child.stderr.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString('utf8')).slice(-STDERR_KEPT);
    });
    createInterface({ input: this.child.stdout }).on('line', (line) => this.receive(line));
    this.child.stdin.on('error', () => {
      // EPIPE after the bridge died: reported by the exit handler.
    });
    this.child.once('exit', (code, signal) => {
      this.exited = true;
      const reason = signal ? `signal ${signal}` : `status ${code}`;
      this.onExit?.(reason);
      for (const { reject } of this.pending.values()) reject(new ConverterCrashedError(`the converter exited (${reason})`));
      this.pending.clear();
      // A bridge that died on its own may leave LibreOffice running: it goes too.
      void this.kill();
    });
  }

  private receive(line: string): void {
    let message: BridgeMessage;
    try {
      message = JSON.parse(line) as BridgeMessage;
    } catch {
      this.stderr = (this.stderr + line).slice(-STDERR_KEPT);
      return;
    }
    if (this.onFirstMessage) return this.onFirstMessage(message);
    if (message.type !== 'result' || message.id === undefined) return;
    const waiter = this.pending.get(message.id);
    this.pending.delete(message.id);
    waiter?.resolve(message);
  }

  /** The bridge's process id (also its process group's). */
  get pid(): number {
    return this.child.pid ?? -1;
  }

  get conversions(): number {
    return this.conversionCount;
  }

  get isAlive(): boolean {
    return !this.exited;
  }

  /**
   * Converts one .docx. On a timeout the converter is killed (a hung LibreOffice never answers
   * again) before the error is thrown.
   *
   * @throws PdfConversionTimeoutError; ConverterCrashedError when the converter died under it;
   *   PdfConversionFailedError when LibreOffice refused the document.
   */
  async convert(docx: Buffer, timeoutMs: number): Promise<PdfConversion> {
    if (this.exited) throw new ConverterCrashedError('the converter is not running');
    const id = this.nextId++;
    const input = join(this.dir, `${id}.docx`);
    const output = join(this.dir, `${id}.pdf`);
    await writeFile(input, docx);
    let timer: NodeJS.Timeout | undefined;
    try {
      const answer = await new Promise<BridgeMessage>((resolve, reject) => {
        this.pending.set(id, { resolve, reject });
        timer = setTimeout(() => {
          this.pending.delete(id);
          void this.kill();
          reject(new PdfConversionTimeoutError(timeoutMs));
        }, timeoutMs);
        this.child.stdin.write(`${JSON.stringify({ id, input, output })}\n`);
      });
      this.conversionCount++;
      if (answer.crashed) throw new ConverterCrashedError(`LibreOffice died converting the document: ${answer.error ?? ''}`);
      if (!answer.ok) throw new PdfConversionFailedError(`LibreOffice could not convert the document: ${answer.error ?? 'no reason given'}`);
      return { pdf: await readFile(output), pages: answer.pages ?? 0 };
    } finally {
      clearTimeout(timer);
      await Promise.all([rm(input, { force: true }), rm(output, { force: true })]);
    }
  }

  /** LibreOffice's process group (for tests that play a crash), undefined until ready. */
  get officeProcessGroup(): number | undefined {
    return this.officeGroup;
  }

  /**
   * Kills LibreOffice (its whole group), lets the bridge reap it and exit, and removes the
   * converter's directory. The bridge is killed too if it does not exit within a few seconds.
   */
  async kill(): Promise<void> {
    if (this.officeGroup !== undefined) signalGroup(this.officeGroup, 'SIGKILL');
    // Still starting, the bridge knows LibreOffice's group and we do not: its SIGTERM handler kills it.
    else if (!this.exited) this.child.kill('SIGTERM');
    if (!this.exited) {
      this.child.stdin.end();
      const exited = await Promise.race([this.exitedPromise.then(() => true), delay(BRIDGE_EXIT_GRACE_MS).then(() => false)]);
      if (!exited && this.child.pid !== undefined) signalGroup(this.child.pid, 'SIGKILL');
    }
    await rm(this.dir, { recursive: true, force: true }).catch(() => undefined);
  }
}
