/**
 * The service as users run it: `npm start` is `node scripts/start.mjs`, which serves dist/main.js
 * (and dist/console at /app) once dist/ is fresh — the tier's global setup has built it, so the
 * start script only checks and imports it here. A fresh DATA_DIR (SQLite) per service.
 */
import path from 'node:path';
import { expect, vi } from 'vitest';
import { type QuireData, type QuireProcess, newQuireData, removeQuireData, startQuireProcess } from '../support/quire-process.js';

const START_SCRIPT = path.resolve('scripts/start.mjs');

export interface BuiltService {
  quire: QuireProcess;
  stop(): Promise<void>;
}

/** Starts `npm start`'s entry with `env` added to what the test process has. */
export async function startBuiltService(env: Record<string, string> = {}): Promise<BuiltService> {
  const data: QuireData = await newQuireData('sqlite');
  try {
    // Start-up on a loaded 2-core machine: generous, and only a bound (the start line ends the wait).
    const quire = await startQuireProcess(data, env, { entry: START_SCRIPT, startTimeoutMs: 90_000 });
    const stop = async (): Promise<void> => {
      quire.child.kill('SIGTERM');
      await quire.exited;
      await removeQuireData(data);
    };
    return { quire, stop };
  } catch (error) {
    await removeQuireData(data);
    throw error;
  }
}

const PENDING = ['queued', 'processing'];

type Details = Array<Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Polls an assessment's processing details until none of its documents is queued or processing,
 * within `timeoutMs` (extraction runs in the background); returns the documents' details.
 */
export async function processedDocuments(quire: QuireProcess, assessmentId: string, timeoutMs = 90_000): Promise<Details> {
  return vi.waitFor(
    async () => {
      const details = await quire.json('GET', `/assessments/${assessmentId}/document-processing-details`);
      expect(details.status, JSON.stringify(details.body)).toBe(200);
      const documents = details.body.documents as Array<{ processing_status: string }>;
      if (documents.some((doc) => PENDING.includes(doc.processing_status))) throw new Error(`still processing: ${JSON.stringify(details.body)}`);
      return documents;
    },
    { timeout: timeoutMs, interval: 200 },
  );
}
