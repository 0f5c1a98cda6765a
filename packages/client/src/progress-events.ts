/**
 * The progress stream's events (spec "Events"), one discriminated union by `event`. The one
 * place that names them: once the contract publishes its `ProgressEvent` schema, this file
 * becomes `components['schemas']['ProgressEvent']` of the generated types.
 */

/** Keys every frame carries. */
export interface EventFrame {
  /** Monotonic per document: the cursor to resume from (`Last-Event-ID`). */
  seq: number;
  /** The run number; a change means a fresh run. */
  runId: number;
  /** Epoch seconds. */
  ts: number;
}

export interface ReadinessGap {
  kind: string;
  message: string;
  subjectType: string;
  subjectId: string;
  key?: string;
  blocking: boolean;
  needsInput?: boolean;
}

/** The readiness verdict (as `GET …/readiness` answers it). */
export interface Readiness {
  generation_should_proceed: boolean;
  ui_state: 'ready' | 'needs_input' | 'blocked';
  gaps: ReadinessGap[];
}

interface NeedEvent {
  dataNeedId: string;
  outputKey: string;
  kind: string;
}

export type ProgressEvent = EventFrame &
  (
    | { event: 'pipeline_started' }
    | { event: 'pipeline_blocked'; readiness: Readiness }
    | { event: 'gather_started' }
    | ({ event: 'need_started' } & NeedEvent)
    | ({ event: 'need_finished'; elapsedMs: number } & NeedEvent)
    | ({ event: 'need_failed'; elapsedMs: number; error: string } & NeedEvent)
    | ({ event: 'need_cached' } & NeedEvent)
    | { event: 'orchestrate_started' }
    | { event: 'synthesize_started' }
    | { event: 'render_started'; sectionId: string }
    | { event: 'verify_started' }
    | { event: 'verify_section_started'; sectionId: string }
    | { event: 'verify_section_finished'; sectionId: string; supported: boolean }
    | {
        event: 'pipeline_finished';
        readiness: { complete: boolean; missingPlaceholders: Array<{ sectionId: string; names: string[] }> };
        unsupported_sections: Array<{ sectionId: string; title: string; claims: Array<{ sentence: string; citations: number[]; missing: string[]; reason?: string }> }>;
      }
    | { event: 'pipeline_failed'; error: string }
  );

export type ProgressEventName = ProgressEvent['event'];
export type TerminalEvent = Extract<ProgressEvent, { event: 'pipeline_finished' | 'pipeline_failed' | 'pipeline_blocked' }>;

const EVENT_NAMES: ReadonlySet<string> = new Set<ProgressEventName>([
  'pipeline_started', 'pipeline_blocked', 'gather_started', 'need_started', 'need_finished', 'need_failed', 'need_cached',
  'orchestrate_started', 'synthesize_started', 'render_started', 'verify_started', 'verify_section_started',
  'verify_section_finished', 'pipeline_finished', 'pipeline_failed',
]);

export function isTerminal(event: ProgressEvent): event is TerminalEvent {
  return event.event === 'pipeline_finished' || event.event === 'pipeline_failed' || event.event === 'pipeline_blocked';
}

/**
 * A `data:` payload as a typed event, or undefined when it is not one of the known kinds (a
 * newer server's event this client does not know is skipped, not fatal). The server writes
 * these frames from the same union, so the kind and the frame keys are what is checked.
 */
export function parseProgressEvent(data: string): ProgressEvent | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return undefined;
  }
  return isProgressEvent(parsed) ? parsed : undefined;
}

function isProgressEvent(value: unknown): value is ProgressEvent {
  if (typeof value !== 'object' || value === null) return false;
  const frame: { event?: unknown; seq?: unknown; runId?: unknown; ts?: unknown } = value;
  return typeof frame.event === 'string' && EVENT_NAMES.has(frame.event) && typeof frame.seq === 'number' && typeof frame.runId === 'number' && typeof frame.ts === 'number';
}
