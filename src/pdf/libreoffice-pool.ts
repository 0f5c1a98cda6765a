/**
 * A bounded pool of long-lived LibreOffice converters. A cold `soffice --convert-to pdf` costs a
 * second or more of start-up per request and runs as many LibreOffices as there are requests;
 * here at most `converters` run, each started by `start()` (the service calls it at start-up) or
 * on first use, each converting one document at a time, and each replaced after a crash, a hang
 * (the conversion timeout) or `maxConversions`. More conversions than converters wait their turn,
 * in order, up to the queue budget.
 *
 * A converter's start is shared and never tied to a request: a conversion waits for it within
 * its queue budget and, past that, is refused as not ready (503) while the start goes on, so the
 * next conversion finds the converter up (issue #28: on a loaded host the first export failed).
 */
import { ConverterCrashedError } from './bridge-program.js';
import { LibreOfficeProcess } from './libreoffice-process.js';
import {
  PdfConversionFailedError,
  PdfConverterBusyError,
  PdfConverterNotReadyError,
  type PdfConversion,
  type PdfConverter,
  type PdfConverterSettings,
} from './pdf-converter.js';

interface Slot {
  process: LibreOfficeProcess | undefined;
  busy: boolean;
  /** The converter being started in this place, awaited by whoever needs it. */
  starting?: Promise<LibreOfficeProcess>;
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
  /** Aborts the starts under way when the pool closes. */
  private readonly stopping = new AbortController();

  constructor(private readonly settings: PdfConverterSettings) {
    this.slots = Array.from({ length: settings.converters }, () => ({ process: undefined, busy: false }));
  }

  /**
   * Converts on the next free converter, starting one if none runs in that place.
   *
   * @throws PdfConverterUnavailableError, PdfConverterBusyError, PdfConverterNotReadyError,
   *   PdfConversionTimeoutError, PdfConversionFailedError.
   */
  async convert(docx: Buffer): Promise<PdfConversion> {
    // One budget for waiting, whether for a free place or for its converter to come up.
    const deadline = Date.now() + this.settings.queueTimeoutMs;
    const slot = await this.acquire(deadline);
    try {
      return await this.convertOn(slot, docx, deadline);
    } finally {
      this.release(slot);
    }
  }

  /** Starts every converter not running yet, one after another (on a busy host, together they only start slower). */
  async start(): Promise<void> {
    for (const slot of this.slots) {
      if (this.closed) return;
      if (!slot.process?.isAlive) await this.startOn(slot);
    }
  }

  /** A crash under a conversion is retried once on a fresh converter: LibreOffice may have died of something else. */
  private async convertOn(slot: Slot, docx: Buffer, deadline: number): Promise<PdfConversion> {
    for (let attempt = 1; ; attempt++) {
      // The retry's converter has the start budget alone: the conversion itself may have used the queue budget.
      const converter = await this.running(slot, attempt === 1 ? deadline : undefined);
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

  /** The place's converter, once it is up (waiting until `deadline` at most when one is given). */
  private async running(slot: Slot, deadline?: number): Promise<LibreOfficeProcess> {
    if (slot.process?.isAlive) return slot.process;
    const starting = this.startOn(slot);
    if (deadline === undefined) return starting;
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_resolve, reject) => {
      const budget = this.settings.queueTimeoutMs / 1000;
      timer = setTimeout(
        () => reject(new PdfConverterNotReadyError(`LibreOffice is still starting after the queue budget of ${budget} s`)),
        Math.max(0, deadline - Date.now()),
      );
    });
    try {
      return await Promise.race([starting, expired]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Starts a converter in the place, or joins the start under way. */
  private startOn(slot: Slot): Promise<LibreOfficeProcess> {
    if (slot.starting) return slot.starting;
    slot.process = undefined;
    const starting = LibreOfficeProcess.start(this.settings, this.stopping.signal).then(
      async (converter) => {
        this.startedCount++;
        if (this.closed) {
          await converter.kill();
          throw new PdfConversionFailedError('the PDF converter pool is closed');
        }
        slot.process = converter;
        return converter;
      },
      (error: unknown) => {
        // A converter that cannot come up is a moment's unavailability (503), never the document's fault.
        if (error instanceof ConverterCrashedError) throw new PdfConverterNotReadyError(`the converter did not start: ${error.message}`);
        throw error;
      },
    );
    slot.starting = starting;
    // Whoever awaits it handles its failure; the place is free to start again either way.
    starting
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        if (slot.starting === starting) slot.starting = undefined;
      });
    return starting;
  }

  private retire(slot: Slot): void {
    const converter = slot.process;
    slot.process = undefined;
    void converter?.kill();
  }

  private acquire(deadline: number): Promise<Slot> {
    if (this.closed) return Promise.reject(new PdfConversionFailedError('the PDF converter pool is closed'));
    // A place with a running converter first (starting one costs seconds), then one starting.
    const idle = this.slots.filter((s) => !s.busy);
    const slot = idle.find((s) => s.process?.isAlive) ?? idle.find((s) => s.starting !== undefined) ?? idle[0];
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
      const timer = setTimeout(
        () => {
          const index = this.waiters.indexOf(waiter);
          if (index >= 0) this.waiters.splice(index, 1);
          reject(new PdfConverterBusyError(Date.now() - waitedFrom));
        },
        Math.max(0, deadline - Date.now()),
      );
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

  /** Refuses the waiting conversions, stops the starts under way and kills every converter. */
  async close(): Promise<void> {
    this.closed = true;
    this.stopping.abort();
    for (const waiter of this.waiters.splice(0)) waiter.refuse(new PdfConversionFailedError('the PDF converter pool is closed'));
    await Promise.allSettled(this.slots.map((slot) => slot.starting));
    await Promise.all(
      this.slots.map(async (slot) => {
        const converter = slot.process;
        slot.process = undefined;
        await converter?.kill();
      }),
    );
  }
}
