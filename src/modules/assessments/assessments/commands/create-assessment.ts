/**
 * `POST /assessments`: creates the case file from multipart fields, then ingests its files.
 * Fields are checked before anything is written; a bad field is 422 and stores nothing.
 */
import { DomainValidationError } from '../../../../kernel/errors.js';
import { newId } from '../../../../kernel/ids.js';
import type { CommandContext } from '../../../context.js';
import { requireDocument } from '../../../documents/require-document.js';
import type { AssessmentServices } from '../../assessment-services.js';
import { VALUE_SCHEMAS, isValueType } from '../../../../extraction/value-schemas.js';
import { assertKnownProcessor, catalogOptionsOf } from '../../processors/choose-processor.js';
import { type IngestResult, ingestFiles } from '../../uploads/commands/ingest-files.js';
import type { ReceivedFile } from '../../uploads/receive-multipart.js';
import type { AssessmentRecord, Requirement } from '../assessment.repository.js';

const ALLOWED_FIELDS = new Set(['name', 'description', 'processor_id', 'automation', 'requirements', 'linked_document_id']);
const VALUE_TYPES = Object.keys(VALUE_SCHEMAS).join(', ');
const OCCURRENCES = new Set(['required_once', 'optional_once', 'required_multiple', 'optional_multiple']);

/** @throws DomainValidationError when `requirements` is not a JSON array of `{key, …}`. */
export function parseRequirements(text: string | undefined): Requirement[] {
  if (text === undefined || text.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new DomainValidationError('requirements must be a JSON array');
  }
  if (!Array.isArray(parsed)) throw new DomainValidationError('requirements must be a JSON array');
  return parsed.map((r: unknown, i) => {
    if (typeof r !== 'object' || r === null || typeof (r as { key?: unknown }).key !== 'string' || (r as { key: string }).key.trim() === '') {
      throw new DomainValidationError(`requirements[${i}] needs a non-empty string key`);
    }
    const req = r as Record<string, unknown>;
    if (req.occurrence !== undefined && !OCCURRENCES.has(String(req.occurrence)))
      throw new DomainValidationError(`requirements[${i}].occurrence must be one of ${[...OCCURRENCES].join(', ')}`);
    if (req.value_type !== undefined && (typeof req.value_type !== 'string' || !isValueType(req.value_type)))
      throw new DomainValidationError(`requirements[${i}].value_type must be one of ${VALUE_TYPES}`);
    if (req.min_confidence !== undefined && (typeof req.min_confidence !== 'number' || req.min_confidence < 0 || req.min_confidence > 1)) {
      throw new DomainValidationError(`requirements[${i}].min_confidence must be a number in [0, 1]`);
    }
    return {
      key: String(req.key),
      ...(typeof req.label === 'string' ? { label: req.label } : {}),
      ...(typeof req.value_type === 'string' && isValueType(req.value_type) ? { value_type: req.value_type } : {}),
      occurrence: (req.occurrence as Requirement['occurrence']) ?? 'required_once',
      ...(typeof req.min_confidence === 'number' ? { min_confidence: req.min_confidence } : {}),
      require_validation: req.require_validation !== false,
      ...(typeof req.min_count === 'number' ? { min_count: req.min_count } : {}),
    };
  });
}

/**
 * @throws DomainValidationError for a missing name, unknown fields, bad automation/requirements/processor.
 * @throws NotFoundError when `linked_document_id` is not a /v1 document of the organization.
 */
export async function createAssessment(
  ctx: CommandContext,
  services: AssessmentServices,
  fields: Record<string, string>,
  files: readonly ReceivedFile[],
): Promise<IngestResult & { assessment: AssessmentRecord }> {
  const unknown = Object.keys(fields).filter((f) => !ALLOWED_FIELDS.has(f));
  if (unknown.length > 0) throw new DomainValidationError(`unknown field(s): ${unknown.join(', ')}`);
  const name = (fields.name ?? '').trim();
  if (name === '') throw new DomainValidationError('name is required');
  const automation = fields.automation ?? 'never';
  if (automation !== 'never' && automation !== 'confident') throw new DomainValidationError('automation must be "never" or "confident"');
  const processorId = fields.processor_id?.trim() || null;
  assertKnownProcessor(processorId, catalogOptionsOf(services.model));
  const requirements = parseRequirements(fields.requirements);
  const linked = fields.linked_document_id?.trim() || null;
  if (linked) await requireDocument(ctx, linked);
  const now = ctx.clock.now().toISOString();
  const assessment = await ctx.repos.assessments.insert(ctx.actor.org.orgId, {
    id: newId('asm'),
    name,
    description: fields.description?.trim() || null,
    processor_id: processorId,
    automation,
    requirements,
    linked_document_id: linked,
    created_by: ctx.actor.email ?? ctx.actor.userId,
    created_at: now,
    updated_at: now,
  });
  const ingested = await ingestFiles(ctx, services, files, { assessment, processorId, trigger: 'upload' });
  return { assessment, ...ingested };
}
