/**
 * The progress events of a generation run (the contract's "Events"), as one union. The
 * persisted frame adds `seq` (monotonic per document), `runId` (the run number) and `ts`.
 */
import type { Readiness } from './readiness.js';

export type PipelineEvent =
  | { event: 'pipeline_started' }
  | { event: 'pipeline_blocked'; readiness: Readiness }
  | { event: 'gather_started' }
  | { event: 'need_started'; dataNeedId: string; outputKey: string; kind: string }
  | { event: 'need_finished'; dataNeedId: string; outputKey: string; kind: string; elapsedMs: number }
  | { event: 'need_failed'; dataNeedId: string; outputKey: string; kind: string; elapsedMs: number; error: string }
  | { event: 'need_cached'; dataNeedId: string; outputKey: string; kind: string }
  | { event: 'orchestrate_started' }
  | { event: 'synthesize_started' }
  | { event: 'render_started'; sectionId: string }
  | { event: 'verify_started' }
  | { event: 'verify_section_started'; sectionId: string }
  | { event: 'verify_section_finished'; sectionId: string; supported: boolean }
  | {
      event: 'pipeline_finished';
      readiness: PlaceholderCompleteness;
      unsupported_sections: UnsupportedSection[];
      /** Sections the run could not write, each with the reason (absent in runs recorded before). */
      failed_sections?: FailedSection[];
    }
  | { event: 'pipeline_failed'; error: string };

export type PipelineEventName = PipelineEvent['event'];

export const TERMINAL_EVENTS: ReadonlySet<PipelineEventName> = new Set(['pipeline_finished', 'pipeline_failed', 'pipeline_blocked']);

/** `pipeline_finished.readiness`: whether the rendered output still holds unfilled placeholders. */
export interface PlaceholderCompleteness {
  complete: boolean;
  missingPlaceholders: Array<{ sectionId: string; names: string[] }>;
}

export interface UnsupportedSection {
  sectionId: string;
  title: string;
  claims: Array<{
    sentence: string;
    citations: number[];
    missing: string[];
    reason?: string;
    /** Absent: not supported by its sources. `contradicts_decision`: states another conclusion than `decision` (a computed one). */
    kind?: 'contradicts_decision';
    decision?: string;
  }>;
}

/**
 * A section the run could not write: its model answer stayed unusable after the bounded repair
 * and retries (issue 31, row 8). The run goes on without it; the section keeps its earlier text
 * with status `failed` until it is written again.
 */
export interface FailedSection {
  sectionId: string;
  title: string;
  error: string;
}

/** Where stages send their events; the runner persists them. */
export type EmitEvent = (event: PipelineEvent) => Promise<void>;
