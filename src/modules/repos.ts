/**
 * The one way use cases reach data: every org-scoped repository, over one database handle (the
 * application's db, or the transaction of the context that holds it). A context's `repos` is
 * built by `createContext`, so a command inside `ctx.transaction(...)` reads and writes through
 * that transaction without knowing it. Repositories are created on first use.
 *
 * This registry sits below both module tiers: repositories import only storage, kernel and
 * engine types, never a use case, so any module may reach any table through here while its
 * *logic* still depends downward only (eslint.config.js).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.js';
import { AssessmentRepository } from './assessments/assessments/assessment.repository.js';
import { BatchRepository } from './assessments/batches/batch.repository.js';
import { CorrectionRepository } from './assessments/corrections/correction.repository.js';
import { ExtractedItemRepository } from './assessments/extracted-items/extracted-item.repository.js';
import { ProcessingRunRepository } from './assessments/processing/processing-run.repository.js';
import { PageImageRepository } from './assessments/page-images/page-image.repository.js';
import { ObservedAccuracyRepository } from './assessments/processors/observed-accuracy.repository.js';
import { SourceDocumentRepository } from './assessments/uploads/source-document.repository.js';
import { DataNeedRepository } from './documents/data-needs/data-need.repository.js';
import { GatheredValueRepository } from './documents/data-needs/gathered-value.repository.js';
import { DocumentDetailRepository } from './documents/detail/document-detail.repository.js';
import { DocumentRepository } from './documents/document.repository.js';
import { FieldRepository } from './documents/fields/field.repository.js';
import { SectionVersionRepository } from './documents/sections/section-version.repository.js';
import { SectionRepository } from './documents/sections/section.repository.js';
import { SectionDraftRepository } from './documents/sections/drafts/section-draft.repository.js';
import { RunCredentialRepository } from './generation/run-credential.repository.js';
import { RunEventRepository } from './generation/run-event.repository.js';
import { RunRepository } from './generation/run.repository.js';
import { SynthesizedContextRepository } from './generation/synthesized-context.repository.js';
import { GenerationSnapshotRepository } from './history/generation-snapshot.repository.js';
import { SnapshotRepository } from './history/snapshot.repository.js';
import { IdentityRepository } from './identity/identity.repository.js';
import { BindingRepository } from './library/bindings/binding.repository.js';
import { EntityRepository } from './library/entities/entity.repository.js';
import { OrchestrationRuleRepository } from './library/orchestration/orchestration-rule.repository.js';
import { RiskBlockRepository } from './library/risk-blocks/risk-block.repository.js';
import { SnippetRepository } from './library/snippets/snippet.repository.js';
import { TextRepository } from './library/texts/text.repository.js';
import { ToolRegistrationRepository } from './library/tool-registrations/tool-registration.repository.js';
import { VoiceRepository } from './library/voices/voice.repository.js';
import { OrganizationSettingsRepository } from './organization/organization-settings.repository.js';
import { WebhookDeliveryRepository } from './webhooks/webhook-delivery.repository.js';
import { WebhookEndpointRepository } from './webhooks/webhook-endpoint.repository.js';
import { WordTemplateRepository } from './word-templates/word-template.repository.js';
import { MergeRunRepository } from './merge/merge-run.repository.js';
import { CommentRepository } from './collaboration/comments/comment.repository.js';
import { SuggestionRepository } from './collaboration/suggestions/suggestion.repository.js';
import { IssuerMemoryRepository } from './assessments/issuer-memory/issuer-memory.repository.js';
import { LiveChangeRepository } from './live/live-change.repository.js';

type RepositoryClass<T> = new (db: Kysely<Database>) => T;

/** Every repository, by the name use cases read it under. */
const REPOSITORIES = {
  // identity
  identity: IdentityRepository,
  organizationSettings: OrganizationSettingsRepository,
  // the document family
  documents: DocumentRepository,
  documentDetails: DocumentDetailRepository,
  fields: FieldRepository,
  sections: SectionRepository,
  sectionVersions: SectionVersionRepository,
  sectionDrafts: SectionDraftRepository,
  dataNeeds: DataNeedRepository,
  gathered: GatheredValueRepository,
  // the library
  texts: TextRepository,
  snippets: SnippetRepository,
  bindings: BindingRepository,
  riskBlocks: RiskBlockRepository,
  voices: VoiceRepository,
  entities: EntityRepository,
  toolRegistrations: ToolRegistrationRepository,
  orchestrationRules: OrchestrationRuleRepository,
  // generation and history
  runs: RunRepository,
  runEvents: RunEventRepository,
  runCredentials: RunCredentialRepository,
  synthesized: SynthesizedContextRepository,
  snapshots: SnapshotRepository,
  generationSnapshots: GenerationSnapshotRepository,
  // the assessment area
  assessments: AssessmentRepository,
  sourceDocuments: SourceDocumentRepository,
  processingRuns: ProcessingRunRepository,
  items: ExtractedItemRepository,
  corrections: CorrectionRepository,
  batches: BatchRepository,
  observedAccuracy: ObservedAccuracyRepository,
  pageImages: PageImageRepository,
  issuerMemories: IssuerMemoryRepository,
  // webhooks
  webhookEndpoints: WebhookEndpointRepository,
  webhookDeliveries: WebhookDeliveryRepository,
  // Word templates of documents and templates
  wordTemplates: WordTemplateRepository,
  // merge runs
  mergeRuns: MergeRunRepository,
  // live changes (the live streams)
  liveChanges: LiveChangeRepository,
  // working together on a document
  comments: CommentRepository,
  suggestions: SuggestionRepository,
} satisfies Record<string, RepositoryClass<unknown>>;

export type Repos = { readonly [K in keyof typeof REPOSITORIES]: InstanceType<(typeof REPOSITORIES)[K]> };

/**
 * The registry's shape, built once: a getter per repository on a shared prototype, so a context
 * (one per request) costs one object instead of defining ~40 properties each time.
 */
class RepositoryRegistry {
  readonly made = new Map<string, unknown>();
  constructor(readonly db: Kysely<Database>) {}
}
for (const [name, Repository] of Object.entries(REPOSITORIES) as [string, RepositoryClass<unknown>][]) {
  Object.defineProperty(RepositoryRegistry.prototype, name, {
    enumerable: true,
    get(this: RepositoryRegistry) {
      let repository = this.made.get(name);
      if (repository === undefined) {
        repository = new Repository(this.db);
        this.made.set(name, repository);
      }
      return repository;
    },
  });
}

/** The registry over `db`; each repository is constructed on first access and then kept. */
export function createRepos(db: Kysely<Database>): Repos {
  return new RepositoryRegistry(db) as unknown as Repos;
}
