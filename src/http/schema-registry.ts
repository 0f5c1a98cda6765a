/**
 * Every named component schema of the contract, in one list: added to Fastify (for `$ref`
 * resolution in serialization and OpenAPI) and to both Ajv validators.
 */
import { ConflictDetail, ErrorMessage, ErrorResponse } from '../kernel/schema.js';
import { ASSESSMENT_AREA_SCHEMAS } from '../modules/assessments/assessment-area.schemas.js';
import { ASSISTANT_SCHEMAS } from '../modules/assistants/assistants.schemas.js';
import { CONFIG_SCHEMAS } from '../modules/documents/config/config.schemas.js';
import { DATA_NEED_SCHEMAS } from '../modules/documents/data-needs/data-needs.schemas.js';
import { DOCUMENT_SCHEMAS } from '../modules/documents/documents.schemas.js';
import { GENERATION_SCHEMAS } from '../modules/generation/generation.schemas.js';
import { HISTORY_SCHEMAS } from '../modules/history/history.schemas.js';
import { IDENTITY_SCHEMAS } from '../modules/identity/identity.schemas.js';
import { MEMBER_SCHEMAS } from '../modules/identity/members/members.schemas.js';
import { LIBRARY_SCHEMAS } from '../modules/library/library.schemas.js';
import { SECTION_SCHEMAS } from '../modules/documents/sections/sections.schemas.js';
import { SECTION_DRAFT_SCHEMAS } from '../modules/documents/sections/drafts/section-drafts.schemas.js';
import { TemplateSpec } from '../modules/templates/spec-schema.js';
import { TEMPLATE_SCHEMAS } from '../modules/templates/templates.schemas.js';
import { ORGANIZATION_SCHEMAS } from '../modules/organization/organization-settings.schemas.js';
import { WEBHOOK_SCHEMAS } from '../modules/webhooks/webhooks.schemas.js';
import { WORD_TEMPLATE_SCHEMAS } from '../modules/word-templates/word-templates.schemas.js';
import { MERGE_SCHEMAS } from '../modules/merge/merge.schemas.js';
import { LIVE_SCHEMAS } from '../modules/live/live.schemas.js';
import { COLLABORATION_SCHEMAS } from '../modules/collaboration/collaboration.schemas.js';
import { PROBE_SCHEMAS } from './health.schemas.js';
import { HTTPValidationError, ValidationError } from './validation.schemas.js';

export type NamedSchema = { $id?: string } & Record<string, unknown>;

export const NAMED_SCHEMAS: NamedSchema[] = [
  ConflictDetail,
  ErrorResponse,
  ErrorMessage,
  ValidationError,
  HTTPValidationError,
  ...PROBE_SCHEMAS,
  ...IDENTITY_SCHEMAS,
  ...MEMBER_SCHEMAS,
  ...DOCUMENT_SCHEMAS,
  ...SECTION_SCHEMAS,
  ...SECTION_DRAFT_SCHEMAS,
  ...DATA_NEED_SCHEMAS,
  ...CONFIG_SCHEMAS,
  ...LIBRARY_SCHEMAS,
  ...HISTORY_SCHEMAS,
  ...GENERATION_SCHEMAS,
  ...ASSISTANT_SCHEMAS,
  TemplateSpec,
  ...ASSESSMENT_AREA_SCHEMAS,
  ...TEMPLATE_SCHEMAS,
  ...WEBHOOK_SCHEMAS,
  ...ORGANIZATION_SCHEMAS,
  ...WORD_TEMPLATE_SCHEMAS,
  ...MERGE_SCHEMAS,
  ...LIVE_SCHEMAS,
  ...COLLABORATION_SCHEMAS,
] as unknown as NamedSchema[];
