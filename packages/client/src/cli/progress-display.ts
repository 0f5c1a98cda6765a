/**
 * One human line per progress event: the stages as they start, each data-need as it finishes
 * (or fails, or comes from cache), each section as it renders or is fact-checked, and the
 * outcome. Section ids are shown as titles when the document's sections are known.
 */
import type { ProgressEvent } from '../progress-events.js';

export function describeEvent(event: ProgressEvent, sectionTitles: ReadonlyMap<string, string>): string {
  const section = (id: string) => `"${sectionTitles.get(id) ?? id}"`;
  switch (event.event) {
    case 'pipeline_started':
      return `▶ run ${event.runId} started`;
    case 'gather_started':
      return '▸ gather';
    case 'need_started':
      return `  · ${event.outputKey} (${event.kind}) …`;
    case 'need_finished':
      return `  ✓ ${event.outputKey} (${event.kind}) in ${event.elapsedMs} ms`;
    case 'need_cached':
      return `  ✓ ${event.outputKey} (${event.kind}) unchanged, reused`;
    case 'need_failed':
      return `  ✗ ${event.outputKey} (${event.kind}) failed after ${event.elapsedMs} ms: ${event.error}`;
    case 'orchestrate_started':
      return '▸ orchestrate';
    case 'synthesize_started':
      return '▸ synthesize';
    case 'render_started':
      return `▸ render ${section(event.sectionId)}`;
    case 'verify_started':
      return '▸ verify';
    case 'verify_section_started':
      return `  · checking ${section(event.sectionId)} …`;
    case 'verify_section_finished':
      return `  ${event.supported ? '✓' : '✗'} ${section(event.sectionId)} ${event.supported ? 'supported by its sources' : 'has unsupported claims'}`;
    case 'pipeline_finished': {
      const unsupported = event.unsupported_sections.map((s) => s.title);
      const missing = event.readiness.missingPlaceholders.length;
      return `■ finished${missing > 0 ? `; ${missing} section(s) with unfilled placeholders` : ''}${unsupported.length > 0 ? `; unsupported claims in ${unsupported.join(', ')}` : ''}`;
    }
    case 'pipeline_blocked':
      return ['■ blocked: the document is not ready', ...event.readiness.gaps.map((gap) => `  ✗ ${gap.message}`)].join('\n');
    case 'pipeline_failed':
      return `■ failed: ${event.error}`;
  }
}
