/** Sections on the wire: the body keys of CreateSectionBody/SectionEditBody, read back. */
import type { SectionVersionRecord } from './section-version.repository.js';
import type { SectionRecord } from './section.repository.js';

export function presentSection(section: SectionRecord) {
  return {
    id: section.id,
    documentId: section.documentId,
    key: section.key,
    ordinal: section.ordinal,
    title: section.title,
    status: section.status,
    render_mode: section.renderMode,
    output_type: section.outputType,
    prompt: section.prompt,
    output_template: section.outputTemplate,
    content: section.content,
    createdAt: section.createdAt,
    updatedAt: section.updatedAt,
  };
}

/** `runId` is the run's number, as in progress events and generation snapshots (null: not written by a run). */
export function presentSectionVersion(version: SectionVersionRecord & { runNumber: number | null }) {
  return {
    id: version.id,
    sectionId: version.sectionId,
    version: version.version,
    content: version.content,
    status: version.status,
    source: version.source,
    runId: version.runNumber,
    createdBy: version.createdBy,
    createdAt: version.createdAt,
  };
}
