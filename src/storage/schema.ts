import type { AssessmentsTables } from './tables/assessments.js';
import type { BlobsTables } from './tables/blobs.js';
import type { GenerationTables } from './tables/generation.js';
import type { LibraryTables } from './tables/library.js';
import type { ToolsTables } from './tables/tools.js';
import type { OrganizationTables } from './tables/organization.js';
import type { WebhooksTables } from './tables/webhooks.js';
import type { WordTemplatesTables } from './tables/word-templates.js';
import type { MergeTables } from './tables/merge.js';
import type { IssuerMemoryTables } from './tables/issuer-memory.js';
import type { DeploymentKeysTables } from './tables/deployment-keys.js';
import type { LiveTables } from './tables/live.js';
import type { CollaborationTables } from './tables/collaboration.js';
import type { SectionDraftTables } from './tables/section-drafts.js';

/**
 * Table types for Kysely. Portable column types only: ids and timestamps are text (ISO-8601),
 * JSON is text serialized in the repository, booleans are integers 0/1 normalized in the
 * repository (better-sqlite3 cannot bind JS booleans).
 */
export interface OrganizationTable {
  id: string;
  slug: string;
  display_name: string;
  created_at: string;
}

export interface UserTable {
  id: string;
  /** The identity provider's `sub`, unique per issuer. */
  subject: string;
  email: string | null;
  created_at: string;
}

export interface MembershipTable {
  user_id: string;
  org_id: string;
  is_default: number;
  /** viewer | editor | reviewer | owner (kernel/roles.ts). */
  role: string;
  /** `local` (seeded or added by an owner) or `claim` (follows the OIDC organization claim). */
  source: string;
  created_at: string;
}

export interface DocumentTable {
  id: string;
  org_id: string;
  /** Unique per organization when set; templates always have one. */
  slug: string | null;
  title: string;
  description: string | null;
  is_template: number;
  template_id: string | null;
  state: string;
  /** The document's config overrides (groups → keys); defaults are resolved in code. */
  config_json: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface DocumentFieldTable {
  id: string;
  org_id: string;
  document_id: string;
  key: string;
  value: string;
  value_type: string;
  is_required: number;
  label: string | null;
  description: string | null;
  /** enum fields: the allowed values, as a JSON array. */
  options_json: string | null;
  ordinal: number;
  created_at: string;
  updated_at: string;
}

export interface SectionTable {
  id: string;
  org_id: string;
  document_id: string;
  /** Stable key within the document: how an authoring spec names the section. */
  key: string;
  ordinal: number;
  title: string;
  render_mode: string;
  output_type: string;
  prompt: string | null;
  output_template: string | null;
  content: string | null;
  status: string;
  created_at: string;
  updated_at: string;
}

export interface SectionVersionTable {
  id: string;
  org_id: string;
  document_id: string;
  section_id: string;
  version: number;
  content: string | null;
  status: string;
  /** generated, edited, restored */
  source: string;
  run_id: string | null;
  created_by: string | null;
  created_at: string;
}

export interface DataNeedTable {
  id: string;
  org_id: string;
  document_id: string;
  ordinal: number;
  kind: string;
  output_key: string;
  name: string | null;
  args_json: string | null;
  depends_on_json: string | null;
  prompt_body: string | null;
  tool_ref: string | null;
  tools_available_json: string | null;
  created_at: string;
  updated_at: string;
}

export interface GatheredValueTable {
  id: string;
  org_id: string;
  document_id: string;
  data_need_id: string | null;
  output_key: string;
  kind: string;
  value_json: string | null;
  /** Where the value came from (tool, URL, document, page), so it can be cited. */
  source_json: string | null;
  inputs_hash: string;
  /** What the value was derived from (pipeline/derivation.ts); null for rows stored before 0008. */
  derivation_json: string | null;
  run_id: string | null;
  created_at: string;
}

export interface JobTable {
  id: string;
  name: string;
  payload_json: string;
  /** queued, running, done, failed */
  status: string;
  attempts: number;
  last_error: string | null;
  /** Which process holds a running job (host:pid:boot), so a restart can find orphans. */
  locked_by: string | null;
  run_after: string;
  created_at: string;
  updated_at: string;
}

/** The PostgreSQL job engine's run leases (migration 0012; see src/jobs/pg-boss). */
export interface JobLeaseTable {
  job_id: string;
  job_name: string;
  /** The job's id in pg-boss (a uuid derived from `job_id`). */
  engine_id: string;
  payload_json: string;
  attempt: number;
  is_final_attempt: number;
  /** host:pid:boot of the process holding the job. */
  holder: string;
  /** The database clock at the last heartbeat, epoch ms (bigint: a string from pg). */
  heartbeat_ms: string | number;
}

/**
 * A document's revision (migration 0018): counted by triggers on every write to the document and
 * to the rows its detail reads, so a cached detail can be checked by one indexed read.
 * `bigint`: a string on PostgreSQL, a number on SQLite.
 */
export interface DocumentRevisionTable {
  document_id: string;
  org_id: string;
  revision: number | string;
  /** PostgreSQL: the id of the transaction that counted last (each counts once); null on SQLite. */
  bumped_in: string | null;
}

/**
 * An organization's revision (migration 0019): counted by triggers on every write to what a
 * generated document's staleness reads beyond the document's own rows (library, voices,
 * settings, tool registrations, assessments, the organization's name).
 */
export interface OrganizationRevisionTable {
  org_id: string;
  revision: number | string;
  /** PostgreSQL: the id of the transaction that counted last (each counts once); null on SQLite. */
  bumped_in: string | null;
}

export interface Database
  extends
    LibraryTables,
    ToolsTables,
    GenerationTables,
    AssessmentsTables,
    BlobsTables,
    WebhooksTables,
    OrganizationTables,
    WordTemplatesTables,
    MergeTables,
    IssuerMemoryTables,
    DeploymentKeysTables,
    LiveTables,
    CollaborationTables,
    SectionDraftTables {
  jobs: JobTable;
  job_leases: JobLeaseTable;
  organizations: OrganizationTable;
  users: UserTable;
  memberships: MembershipTable;
  documents: DocumentTable;
  document_fields: DocumentFieldTable;
  sections: SectionTable;
  section_versions: SectionVersionTable;
  data_needs: DataNeedTable;
  gathered_values: GatheredValueTable;
  document_revisions: DocumentRevisionTable;
  organization_revisions: OrganizationRevisionTable;
}
