/**
 * Whether a merge run can take the lean path (ADR 0471), and what every lean row shares: the
 * template's parts to copy onto each row's document, its Word template's bytes, and the library
 * and tool registrations readiness reads — loaded once per job attempt instead of once per row.
 *
 * A run is lean when its letter depends on the row alone: a .docx whose Word template (set on the
 * template) places no generated section and reads only fields, computed values, the document, the
 * organization, the library and built-ins, of a template with nothing to gather. Then generating
 * a row's document would write sections the letter does not show, and the row's file is exactly
 * its document's `export.docx` without a run.
 */
import { laneOf } from '../../../tenant-code/word-templates.js';
import type { WordNameBinding } from '../../../word-template/word-template-types.js';
import type { CommandContext } from '../../context.js';
import type { DocumentRecord } from '../../documents/document.repository.js';
import type { FieldRecord } from '../../documents/fields/field.repository.js';
import type { SectionRecord } from '../../documents/sections/section.repository.js';
import { type BoundLibrary, loadBoundLibrary } from '../../library/bindings/bound-library.js';
import type { BindingRecord } from '../../library/bindings/binding.repository.js';
import type { ToolRegistrationRecord } from '../../library/tool-registrations/tool-registration.repository.js';
import { voiceOfDocument } from '../../library/voices/voice-of-document.js';
import type { VoiceRecord } from '../../library/voices/voice.repository.js';
import type { WordTemplateRecord } from '../../word-templates/word-template.repository.js';
import type { MergeRunRecord } from '../merge-run.repository.js';
import type { MergeServices } from '../merge-services.js';

/** What a lean letter may read: values the row and the template decide, nothing gathered or generated. */
const LEAN_BINDINGS: ReadonlySet<WordNameBinding> = new Set(['field', 'computed', 'document', 'organization', 'library', 'builtin']);

export interface LeanMergePlan {
  template: DocumentRecord;
  fields: FieldRecord[];
  sections: SectionRecord[];
  bindings: BindingRecord[];
  wordTemplate: WordTemplateRecord;
  /** The Word template's .docx, read from the blob store once, and the tenant-code worker whose memo holds it compiled. */
  wordTemplateBytes: Buffer;
  wordTemplateLane: number;
  library: BoundLibrary;
  toolRegistrations: ToolRegistrationRecord[];
  /** The voice the template's config names (a row's document has the same config). */
  voice: VoiceRecord | null;
}

/** Why the run goes through the full pipeline, or null when its Word template allows the lean path. */
export function fullPipelineReason(run: Pick<MergeRunRecord, 'format'>, wordTemplate: WordTemplateRecord | null, dataNeeds: number): string | null {
  if (run.format !== 'docx') return 'the output is PDF';
  if (!wordTemplate) return 'the template has no Word template';
  const report = wordTemplate.report;
  if (!report.valid) return 'the Word template has errors';
  if (report.tags.some((tag) => tag.kind === 'section')) return 'the Word template places generated sections';
  const generated = report.names.find((use) => !LEAN_BINDINGS.has(use.bindsTo));
  if (generated) return `the Word template reads "${generated.name}" (${generated.bindsTo})`;
  if (dataNeeds > 0) return 'the template gathers data';
  return null;
}

/** The lean plan of the run's template, or null when its rows need the full pipeline. */
export async function leanMergePlanOf(ctx: CommandContext, services: MergeServices, run: MergeRunRecord): Promise<LeanMergePlan | null> {
  const orgId = ctx.actor.org.orgId;
  const template = await ctx.repos.documents.findById(orgId, run.template_id);
  if (!template) return null;
  const [wordTemplate, dataNeeds] = await Promise.all([
    ctx.repos.wordTemplates.find(orgId, template.id),
    ctx.repos.dataNeeds.listByDocument(orgId, template.id),
  ]);
  if (fullPipelineReason(run, wordTemplate, dataNeeds.length) !== null || !wordTemplate) return null;
  const [fields, sections, bindings, wordTemplateBytes, library, toolRegistrations, voice] = await Promise.all([
    ctx.repos.fields.listByDocument(orgId, template.id),
    ctx.repos.sections.listByDocument(orgId, template.id),
    ctx.repos.bindings.listByDocument(orgId, template.id),
    services.blobs.read(orgId, wordTemplate.blobKey),
    loadBoundLibrary(ctx, template.id),
    ctx.repos.toolRegistrations.list(orgId),
    voiceOfDocument(ctx, template),
  ]);
  return {
    template,
    fields,
    sections,
    bindings,
    wordTemplate,
    wordTemplateBytes,
    wordTemplateLane: laneOf(wordTemplateBytes),
    library,
    toolRegistrations,
    voice: voice ?? null,
  };
}
