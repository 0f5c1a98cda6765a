/**
 * The PDF converter port: .docx bytes in, PDF bytes out. The export use case depends on this
 * interface; `LibreOfficePool` (libreoffice-pool.ts) is the implementation the service wires in.
 */

export interface PdfConversion {
  pdf: Buffer;
  /** Pages of the laid-out document. */
  pages: number;
}

export interface PdfConverter {
  /**
   * Converts a .docx, updating its tables of contents (page numbers) first.
   *
   * @throws PdfConverterUnavailableError, PdfConverterBusyError, PdfConversionTimeoutError,
   *   PdfConversionFailedError (see their descriptions).
   */
  convert(docx: Buffer): Promise<PdfConversion>;
  /**
   * Starts the converters in the background, one after another, so the first export finds one
   * ready. Resolves when all are up; rejects with why one could not start (the pool stays usable:
   * a conversion starts a converter again).
   */
  start(): Promise<void>;
  /** Stops every converter process; later conversions fail. */
  close(): Promise<void>;
}

/** How the converter pool runs LibreOffice (the `PDF_*` settings). */
export interface PdfConverterSettings {
  /** The LibreOffice program (`soffice`), a name on PATH or a path. */
  sofficePath: string;
  /** A Python 3 interpreter that can `import uno` (Debian: /usr/bin/python3 with python3-uno). */
  pythonPath: string;
  /** Converter processes at most (each a LibreOffice with its own profile, one conversion at a time). */
  converters: number;
  /** Budget of one conversion; past it the converter is killed and replaced. */
  timeoutMs: number;
  /** A converter is replaced after this many conversions (LibreOffice's memory only grows). */
  maxConversions: number;
  /**
   * Budget of starting one converter (LibreOffice up and the bridge connected). Generous: on a
   * loaded host LibreOffice's first start has taken over 30 s (issue #28).
   */
  startTimeoutMs: number;
  /** How long a conversion may wait for a free, started converter before it is refused (503). */
  queueTimeoutMs: number;
  /** Whether a serving process starts its converters at start-up (else on the first export). */
  startAtBoot: boolean;
}

export const DEFAULT_PDF_CONVERTER_SETTINGS: Readonly<PdfConverterSettings> = Object.freeze({
  sofficePath: 'soffice',
  pythonPath: '/usr/bin/python3',
  converters: 2,
  timeoutMs: 60_000,
  maxConversions: 200,
  startTimeoutMs: 120_000,
  queueTimeoutMs: 60_000,
  startAtBoot: true,
});

/** LibreOffice or its Python bridge is not installed (or not where the settings say). */
export class PdfConverterUnavailableError extends Error {
  constructor(readonly reason: string) {
    super(`PDF conversion is unavailable: ${reason}`);
    this.name = 'PdfConverterUnavailableError';
  }
}

/** Every converter stayed busy for the whole queue budget. */
export class PdfConverterBusyError extends Error {
  constructor(readonly waitedMs: number) {
    super(`every PDF converter stayed busy for ${Math.round(waitedMs / 1000)} s`);
    this.name = 'PdfConverterBusyError';
  }
}

/**
 * No converter was ready within the queue budget: one is still starting (it goes on starting in
 * the background), or starting one failed. A moment's wait, not a fault of the document.
 */
export class PdfConverterNotReadyError extends Error {
  constructor(reason: string) {
    super(`no PDF converter is ready yet: ${reason}`);
    this.name = 'PdfConverterNotReadyError';
  }
}

/** One conversion ran past its budget; its converter was killed. */
export class PdfConversionTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`the PDF conversion took longer than ${timeoutMs / 1000} s`);
    this.name = 'PdfConversionTimeoutError';
  }
}

/** LibreOffice refused the document, or died converting it twice (on two fresh converters). */
export class PdfConversionFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PdfConversionFailedError';
  }
}
