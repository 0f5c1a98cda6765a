/** How the run timeline takes the progress stream's events (ADR 0766): a replay changes nothing, a new run replaces the list. */
import type { ProgressEvent } from '@quire/client';
import { describe, expect, it } from 'vitest';
import { withEvent } from '../src/pages/documents/timeline-events';

const event = (runId: number, seq: number, name: 'pipeline_started' | 'gather_started'): ProgressEvent =>
  ({ event: name, runId, seq, ts: seq }) as ProgressEvent;

describe('withEvent', () => {
  const run1 = [event(1, 1, 'pipeline_started'), event(1, 2, 'gather_started')];

  it('appends the next event of the run shown', () => {
    expect(withEvent(run1.slice(0, 1), run1[1])).toEqual(run1);
  });

  it('keeps the list as it is when a re-read replays an event already shown', () => {
    expect(withEvent(run1, event(1, 1, 'pipeline_started'))).toBe(run1);
  });

  it("replaces the list with a new run's first event", () => {
    expect(withEvent(run1, event(2, 3, 'pipeline_started'))).toEqual([event(2, 3, 'pipeline_started')]);
  });
});
