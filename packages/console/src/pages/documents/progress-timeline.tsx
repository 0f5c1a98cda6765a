/**
 * The run's timeline: each stage, each data-need (started, finished, cached, failed), each
 * verified section, and how the run ended, in the order the stream delivered them.
 */
import type { ProgressEvent, SectionSummary } from '@quire/client';
import { ErrorNotice } from '../../shell/api-errors';
import type { StreamState } from './use-progress';

const STATE_WORDS: Record<StreamState, string> = {
  idle: 'Not started',
  following: 'Running…',
  reconnecting: 'Connection dropped — reconnecting and resuming where it stopped…',
  done: 'Run ended',
  lost: 'Lost the connection to the run',
};

export function ProgressTimeline({
  events,
  state,
  error,
  sections,
}: {
  events: ProgressEvent[];
  state: StreamState;
  error: unknown;
  sections: SectionSummary[];
}) {
  const titleOf = (sectionId: string) => sections.find((section) => section.id === sectionId)?.title ?? 'a section';
  const last = events[events.length - 1];
  const status =
    last?.event === 'pipeline_finished'
      ? 'finished'
      : last?.event === 'pipeline_failed'
        ? 'failed'
        : last?.event === 'pipeline_blocked'
          ? 'blocked'
          : STATE_WORDS[state];
  return (
    <section className="card timeline" aria-labelledby="timeline-title">
      <h2 id="timeline-title">Progress</h2>
      <p role="status" data-testid="run-status" className={`run-status run-${status.split(' ')[0].toLowerCase()}`}>
        {status}
      </p>
      <ErrorNotice error={error} title="Progress" />
      {/* Scrollable, so reachable by keyboard (tabIndex) and named for screen readers. */}
      <ol className="timeline-list" data-testid="timeline" tabIndex={0} aria-label="Run events">
        {/* The number is the item's own text, so "10." and beyond are never clipped by the list's margin. */}
        {events.map((event, index) => (
          <li key={event.seq} className={`timeline-item timeline-${event.event}`}>
            <span className="timeline-number" aria-hidden="true">
              {index + 1}.
            </span>{' '}
            {describe(event, titleOf)}
          </li>
        ))}
      </ol>
    </section>
  );
}

function describe(event: ProgressEvent, titleOf: (sectionId: string) => string): string {
  switch (event.event) {
    case 'pipeline_started':
      return `Run ${event.runId} started`;
    case 'pipeline_blocked':
      return `Blocked: ${
        event.readiness.gaps
          .filter((gap) => gap.blocking)
          .map((gap) => gap.message)
          .join('; ') || 'the document is not ready'
      }`;
    case 'orchestrate_started':
      return 'Planning which data to gather';
    case 'gather_started':
      return 'Gathering data';
    case 'need_started':
      return `Data-need ${event.outputKey}: started`;
    case 'need_finished':
      return `Data-need ${event.outputKey}: gathered`;
    case 'need_cached':
      return `Data-need ${event.outputKey}: reused (nothing it depends on changed)`;
    case 'need_failed':
      return `Data-need ${event.outputKey}: failed — ${event.error}`;
    case 'synthesize_started':
      return 'Writing the synthesized sections';
    case 'render_started':
      return `Rendering “${titleOf(event.sectionId)}”`;
    case 'verify_started':
      return 'Checking citations against their sources';
    case 'verify_section_started':
      return `Checking “${titleOf(event.sectionId)}”`;
    case 'verify_section_finished':
      return `“${titleOf(event.sectionId)}”: ${event.supported ? 'every cited claim is supported' : 'has unsupported claims'}`;
    case 'pipeline_finished':
      return event.unsupported_sections.length > 0 ? `Finished — ${event.unsupported_sections.length} section(s) with unsupported claims` : 'Finished';
    case 'pipeline_failed':
      return `Failed: ${event.error}`;
  }
}
