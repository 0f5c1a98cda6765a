/**
 * How the run timeline takes one more event of the progress stream. A re-read replays the last
 * run from its start, so an event already shown is skipped rather than repeated, and the list
 * shown stays until a new run's first event replaces it (ADR 0766): it never empties between a
 * run's end and the re-read.
 */
import type { ProgressEvent } from '@quire/client';

export function withEvent(shown: ProgressEvent[], event: ProgressEvent): ProgressEvent[] {
  if (shown.length > 0 && shown[0].runId !== event.runId) return [event];
  if (shown.some((previous) => previous.seq === event.seq)) return shown;
  return [...shown, event];
}
