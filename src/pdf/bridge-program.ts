/**
 * What a converter process is made of besides its lifecycle: where our UNO bridge program is,
 * the lines it answers with, and signalling a process group.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PdfConverterUnavailableError } from './pdf-converter.js';

/** The converter process died (or was killed) under a conversion. */
export class ConverterCrashedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConverterCrashedError';
  }
}

/** One JSON line from the bridge (see uno_bridge.py). */
export interface BridgeMessage {
  type: 'ready' | 'unavailable' | 'failed' | 'result';
  detail?: string;
  id?: number;
  ok?: boolean;
  crashed?: boolean;
  error?: string;
  pages?: number;
  soffice_pid?: number;
}

/**
 * uno_bridge.py sits beside this module in src/, and the build (scripts/build-server.mjs) copies
 * it beside the bundle in dist/, where this code then runs from.
 */
export function bridgeScript(): string {
  const candidates = [new URL('./uno_bridge.py', import.meta.url)].map((url) => fileURLToPath(url));
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new PdfConverterUnavailableError(`the converter program uno_bridge.py is missing (looked in ${candidates.join(', ')})`);
  return found;
}

/** How long the bridge gets to reap LibreOffice and exit after its stdin closes. */
export const BRIDGE_EXIT_GRACE_MS = 5000;

/** Resolves after `ms`, without keeping the process alive. */
export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** Sends `signal` to a whole process group; a group already gone is no error. */
export function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // Already gone.
  }
}
