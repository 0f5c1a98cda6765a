/**
 * A bounded pool of long-lived LibreOffice converters. A cold `soffice --convert-to pdf` costs a
 * second or more of start-up per request and runs as many LibreOffices as there are requests;
 * here at most `converters` run, each started on first use, each converting one document at a
 * time, and each replaced after a crash, a hang (the conversion timeout) or `maxConversions`.
 * More conversions than converters wait their turn, in order, up to the queue budget.
 */
import { ConverterCrashedError } from './bridge-program.js';
import { LibreOfficeProcess } from './libreoffice-process.js';
import {
  PdfConversionFailedError,
  PdfConverterBusyError,
  type PdfConversion,
  type PdfConverter,
  type PdfConverterSettings,
} from './pdf-converter.js';

interface Slot {
  process: LibreOfficeProcess | undefined;
  busy: boolean;
}

interface Waiter {
  grant: (slot: Slot) => void;
  refuse: (error: Error) => void;
}

/** What the pool reports of itself (for logs, metrics and tests). */
export interface PoolState {
  /** Process ids of the running converters' bridges. */
  processIds: number[];
  /** Process group ids of the running converters' LibreOffices. */
  officeGroups: number[];
  busy: number;
  waiting: number;
  /** Converters started since the pool was made, replacements included. */
  started: number;
}

export class LibreOfficePool implements PdfConverter {
  private readonly slots: Slot[];
  private readonly waiters: Waiter[] = [];
  private startedCount = 0;
  private closed = false;

  constructor(private readonly settings: PdfConverterSettings) {
    this.slots = Array.from({ length: settings.converters }, () => ({ process: undefined, busy: false }));
  }

  /**
   * Converts on the next free converter, starting one if none runs in that place.
   *
   * @throws PdfConverterUnavailableError, PdfConverterBusyError, PdfConversionTimeoutError,
   *   PdfConversionFailedError.
   */
  async convert(docx: Buffer): Promise<PdfConversion> {
    const slot = await this.acquire();
    try {
      return await this.convertOn(slot, docx);
    } finally {
      this.release(slot);
    }
  }

  /** A crash under a conversion is retried once on a fresh converter: LibreOffice may have died of something else. */
  private async convertOn(slot: Slot, docx: Buffer): Promise<PdfConversion> {
    for (let attempt = 1; ; attempt++) {
      const converter = await this.running(slot);
      try {
        const result = await converter.convert(docx, this.settings.timeoutMs);
        if (converter.conversions >= this.settings.maxConversions) this.retire(slot);
        return result;
      } catch (error) {
        // A refused document leaves the converter as it was; after anything else (a timeout
        // killed it, a crash) the place starts afresh.
        if (!(error instanceof PdfConversionFailedError)) this.retire(slot);
        if (!(error instanceof ConverterCrashedError)) throw error;
        if (attempt >= 2) throw new PdfConversionFailedError(`LibreOffice died converting the document twice: ${error.message}`);
      }
    }
  }

  private async running(slot: Slot): Promise<LibreOfficeProcess> {
    if (slot.process?.isAlive) return slot.process;
    slot.process = undefined;
    try {
      slot.process = await LibreOfficeProcess.start(this.settings);
    } catch (error) {
      // A converter that cannot come up is a failed conversion, not a crash to retry forever.
      if (error instanceof ConverterCrashedError) throw new PdfConversionFailedError(error.message);
      throw error;
    }
    this.startedCount++;
    if (this.closed) {
      await slot.process.kill();
      throw new PdfConversionFailedError('the PDF converter pool is closed');
    }
    return slot.process;
  }

  private retire(slot: Slot): void {
    const converter = slot.process;
    slot.process = undefined;
    void converter?.kill();
  }

  private acquire(): Promise<Slot> {
    if (this.closed) return Promise.reject(new PdfConversionFailedError('the PDF converter pool is closed'));
    // A place with a running converter first: starting one costs a second.
    const idle = this.slots.filter((s) => !s.busy);
    const slot = idle.find((s) => s.process?.isAlive) ?? idle[0];
    if (slot) {
      slot.busy = true;
      return Promise.resolve(slot);
    }
    return new Promise<Slot>((resolve, reject) => {
      const waitedFrom = Date.now();
      const waiter: Waiter = {
        grant: (granted) => {
          clearTimeout(timer);
          resolve(granted);
        },
        refuse: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      const timer = setTimeout(() => {
        const index = this.waiters.indexOf(waiter);
        if (index >= 0) this.waiters.splice(index, 1);
        reject(new PdfConverterBusyError(Date.now() - waitedFrom));
      }, this.settings.queueTimeoutMs);
      this.waiters.push(waiter);
    });
  }

  /** Hands the place straight to the next waiter, so `busy` never flickers free in between. */
  private release(slot: Slot): void {
    const next = this.waiters.shift();
    if (next) next.grant(slot);
    else slot.busy = false;
  }

  /** The pool's state now. */
  state(): PoolState {
    return {
      processIds: this.slots.flatMap((s) => (s.process?.isAlive ? [s.process.pid] : [])),
      officeGroups: this.slots.flatMap((s) => (s.process?.isAlive && s.process.officeProcessGroup !== undefined ? [s.process.officeProcessGroup] : [])),
      busy: this.slots.filter((s) => s.busy).length,
      waiting: this.waiters.length,
      started: this.startedCount,
    };
  }

  /** Refuses the waiting conversions and kills every converter. */
  async close(): Promise<void> {
    this.closed = true;
    for (const waiter of this.waiters.splice(0)) waiter.refuse(new PdfConversionFailedError('the PDF converter pool is closed'));
    await Promise.all(this.slots.map(async (slot) => {
      const converter = slot.process;
      slot.process = undefined;
      await converter?.kill();
    }));
  }
}
