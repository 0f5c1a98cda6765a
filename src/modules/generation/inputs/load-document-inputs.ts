/**
 * The one input assembler: everything about one document that its readiness (`GET /readiness`,
 * `GET /computed`, the pipeline's gate), a generation run and the `.docx` export derive from.
 * Each consumer maps this object to its own shape; none reads the repositories for these rows
 * itself, so the three can never disagree about what "the document's inputs" are.
 *
 * The document's own rows (fields, sections, data-needs) are read at once, in parallel: every
 * consumer needs most of them and they are small. The rest is read on first use and then kept,
 * so readiness does not pay for what only export needs (snapshots) and export does not pay for
 * what only readiness needs (tool registrations, assessment gaps).
 */
import type { DecisionSpec } from '../../../tenant-code/evaluate-decisions.js';
import type { ReadinessGap } from '../../../pipeline/readiness.js';
import { assessmentGapsForDocument } from '../../assessments/bridge/assessment-gaps-for-document.js';
import type { CommandContext } from '../../context.js';
import { resolveConfig } from '../../documents/config/config-groups.js';
import type { DataNeedRecord } from '../../documents/data-needs/data-need.repository.js';
import type { DocumentDetailRows } from '../../documents/detail/document-detail.repository.js';
import type { GatheredValueRecord } from '../../documents/data-needs/gathered-value.repository.js';
import { fieldMap } from '../../documents/document.presenter.js';
import type { DocumentRecord } from '../../documents/document.repository.js';
import type { FieldRecord } from '../../documents/fields/field.repository.js';
import type { SectionRecord } from '../../documents/sections/section.repository.js';
import type { WordTemplateRecord } from '../../word-templates/word-template.repository.js';
import type { GenerationSnapshotRecord } from '../../history/generation-snapshot.repository.js';
import { type BoundLibrary, loadBoundLibrary } from '../../library/bindings/bound-library.js';
import type { ToolRegistrationRecord } from '../../library/tool-registrations/tool-registration.repository.js';
import { voiceOfDocument } from '../../library/voices/voice-of-document.js';
import type { VoiceRecord } from '../../library/voices/voice.repository.js';

/** How far back export looks for the run that last rendered a section (its unsupported claims). */
const RECENT_RUNS = 20;

/** Everything about one document, as readiness, a generation run and the export read it. */
export interface DocumentInputs {
  document: DocumentRecord;
  /** The organization the document belongs to (the caller's active one). */
  organization: { slug: string; name: string };
  /** Every stored config group with its defaults applied. */
  config: ReturnType<typeof resolveConfig>;
  /** The named computations (JSONata): coordination's first, synthesis's may add or override. */
  computations: Record<string, string>;
  /** The template's decisions (config `decisions.items`), evaluated after the computations. */
  decisions: DecisionSpec[];
  fields: FieldRecord[];
  /** Field values by key, as templates, computations and the gather stage read them. */
  fieldValues: Record<string, string>;
  /** In document order. */
  sections: SectionRecord[];
  /** In ordinal order. */
  dataNeeds: DataNeedRecord[];
  /** The newest gathered row of each output key, sorted by key (read on first use). */
  gathered(): Promise<GatheredValueRecord[]>;
  /** The bound snippets with the texts and risk blocks they hold (read on first use). */
  library(): Promise<BoundLibrary>;
  /** The voice the `voice` config group names, or null (read on first use). */
  voice(): Promise<VoiceRecord | null>;
  /** The organization's tool registrations (read on first use). */
  toolRegistrations(): Promise<ToolRegistrationRecord[]>;
  /** `assessment_incomplete` gaps of the assessments linked to the document (read on first use). */
  assessmentGaps(): Promise<ReadinessGap[]>;
  /** The newest generation snapshots, newest first (read on first use). */
  recentSnapshots(): Promise<GenerationSnapshotRecord[]>;
  /** The Word template its export fills: its own, else its template's (null: the built-in layout). */
  wordTemplate(): Promise<WordTemplateRecord | null>;
}

/** A loader that runs once, on the first call, and then answers from what it read. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
}

/**
 * The inputs of a document already in scope (the caller ran requireDocument). Every read goes
 * through `ctx.repos`, so inside a transaction it sees that transaction; the lazy parts read
 * through the same context when first asked for. `read`: the document's own rows when the
 * caller has them already (the document detail reads them in one statement), so they are not
 * read twice; its gathered rows then answer `gathered()`.
 *
 * @throws never on its own; database errors propagate (from the lazy parts, when first awaited).
 */
export async function loadDocumentInputs(ctx: CommandContext, document: DocumentRecord, read?: DocumentDetailRows): Promise<DocumentInputs> {
  const orgId = ctx.actor.org.orgId;
  const [fields, sections, dataNeeds] = read
    ? [read.fields, read.sections, read.dataNeeds]
    : await Promise.all([
        ctx.repos.fields.listByDocument(orgId, document.id),
        ctx.repos.sections.listByDocument(orgId, document.id),
        ctx.repos.dataNeeds.listByDocument(orgId, document.id),
      ]);
  const config = resolveConfig(document.config);
  return {
    document,
    organization: { slug: ctx.actor.org.slug, name: ctx.actor.org.displayName },
    config,
    computations: {
      ...((config.coordination.computations ?? {}) as Record<string, string>),
      ...((config.synthesis.computations ?? {}) as Record<string, string>),
    },
    decisions: (config.decisions.items ?? []) as DecisionSpec[],
    fields,
    fieldValues: fieldMap(fields),
    sections,
    dataNeeds,
    gathered: read ? () => Promise.resolve(read.gathered) : once(() => ctx.repos.gathered.latestByDocument(orgId, document.id)),
    library: once(() => loadBoundLibrary(ctx, document.id)),
    voice: once(async () => (await voiceOfDocument(ctx, document)) ?? null),
    toolRegistrations: once(() => ctx.repos.toolRegistrations.list(orgId)),
    assessmentGaps: once(() => assessmentGapsForDocument(ctx, document.id)),
    recentSnapshots: once(() => ctx.repos.generationSnapshots.listByDocument(orgId, document.id, RECENT_RUNS)),
    wordTemplate: once(() => ctx.repos.wordTemplates.findFirst(orgId, document.templateId ? [document.id, document.templateId] : [document.id])),
  };
}
