/**
 * What the tour's steps share: the client, the direct wire checks, the running server, and
 * a way to run the steps in sections so that one broken step stops its section only.
 */
import type { RunningTestServer } from '../../src/adapters/tools/test-support/tool-test-servers.js';
import type { QuireServer } from './quire-server.js';
import { type Body, StepFailed, type TourClient } from './tour-client.js';
import type { WireCheckContext } from './wire-checks.js';

export interface Tour {
  client: TourClient;
  wire: WireCheckContext;
  server: QuireServer;
  /** A loopback JSON API the tool registrations call. */
  toolApi: RunningTestServer;
  /** Makes library keys and names unique to this pass of the tour. */
  suffix: string;
  /** What earlier sections hand to later ones. */
  state: { documentId: string; editedSectionId: string };
}

export type Section = (tour: Tour) => Promise<void>;

/**
 * Runs the sections in order; a failing step ends its section, recorded, and the next runs.
 * Returns how long each section took (ms), to show where the tour's time goes.
 */
export async function runSections(tour: Tour, sections: Record<string, Section>): Promise<Record<string, number>> {
  const durations: Record<string, number> = {};
  for (const [name, section] of Object.entries(sections)) {
    const started = Date.now();
    try {
      await section(tour);
    } catch (error) {
      // A StepFailed is already recorded by the client; anything else is a broken step.
      if (!(error instanceof StepFailed)) {
        tour.client.violations.push({
          operation: `(section ${name})`,
          source: 'tour',
          location: 'step',
          message: (error as Error).stack ?? String(error),
          request: '',
        });
      }
    }
    durations[name] = Date.now() - started;
  }
  return durations;
}

/** The id of a created record, whether the answer is the record or wraps it (`{document: {...}}`). */
export function idOf(body: Body, wrapper?: string): string {
  const id = typeof body?.id === 'string' ? body.id : wrapper ? body?.[wrapper]?.id : undefined;
  if (typeof id !== 'string') throw new Error(`no id in ${JSON.stringify(body).slice(0, 300)}`);
  return id;
}

/** Waits until the background jobs (generation, extraction, batches) have settled. */
export async function settle(tour: Tour): Promise<void> {
  await tour.server.jobs.idle();
}
