/**
 * The progress stream's events (spec "Events"): the contract's `ProgressEvent`, a oneOf of one
 * schema per kind discriminated by `event`. Every type here is derived from the generated
 * schemas, so a kind or a key the contract adds or changes reaches callers through
 * `npm run client:generate`, and the list of known kinds below fails to compile until it
 * follows.
 */
import type { components } from './generated/v1.js';

type Schemas = components['schemas'];

/** One frame of the stream (`id: <seq>` + `data: <this JSON>`). */
export type ProgressEvent = Schemas['ProgressEvent'];
export type ProgressEventName = ProgressEvent['event'];
/** The event of one kind, e.g. `ProgressEventOf<'need_failed'>` (the contract's NeedFailedEvent). */
export type ProgressEventOf<K extends ProgressEventName> = Extract<ProgressEvent, { event: K }>;

/** Keys every frame carries: `seq` (the cursor to resume from), `runId` and `ts` (epoch seconds). */
export type EventFrame = Pick<ProgressEvent, 'seq' | 'runId' | 'ts'>;

/** The readiness verdict (as `GET …/readiness` answers it and `pipeline_blocked` carries it). */
export type Readiness = Schemas['Readiness'];
export type ReadinessGap = Schemas['ReadinessGap'];

export type TerminalEvent = Schemas['PipelineFinishedEvent'] | Schemas['PipelineFailedEvent'] | Schemas['PipelineBlockedEvent'];

/** Every kind of the contract's union, once: a kind missing here or unknown there does not compile. */
const EVENT_NAMES: { readonly [K in ProgressEventName]: true } = {
  pipeline_started: true,
  pipeline_blocked: true,
  gather_started: true,
  need_started: true,
  need_finished: true,
  need_failed: true,
  need_cached: true,
  orchestrate_started: true,
  synthesize_started: true,
  render_started: true,
  verify_started: true,
  verify_section_started: true,
  verify_section_finished: true,
  pipeline_finished: true,
  pipeline_failed: true,
};

export function isTerminal(event: ProgressEvent): event is TerminalEvent {
  return event.event === 'pipeline_finished' || event.event === 'pipeline_failed' || event.event === 'pipeline_blocked';
}

/**
 * A `data:` payload as a typed event, or undefined when it is not one of the known kinds (a
 * newer server's event this client does not know is skipped, not fatal). The server writes
 * these frames from the same schemas, so the kind and the frame keys are what is checked.
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
  return (
    typeof frame.event === 'string' &&
    Object.hasOwn(EVENT_NAMES, frame.event) &&
    typeof frame.seq === 'number' &&
    typeof frame.runId === 'number' &&
    typeof frame.ts === 'number'
  );
}
