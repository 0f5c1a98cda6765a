/**
 * `POST /v1/risk-blocks`: a new risk block (draft unless `status` says approved, in which case
 * the caller is recorded as the approver). `key` unique per organization.
 */
import { ConflictError } from '../../../../kernel/errors.js';
import { newId } from '../../../../kernel/ids.js';
import { requireRole } from '../../../../kernel/roles.js';
import type { CommandContext } from '../../../context.js';
import { requiredString, uniqueOrConflict } from '../../library-rules.js';
import { approvalChanges, assertStatus, requiredTemplate } from '../risk-block-rules.js';
import { type RiskBlockRecord } from '../risk-block.repository.js';

export interface CreateRiskBlockInput {
  key: string;
  heading: string;
  template: string;
  status?: string;
  statutoryRef?: string | null;
  appliesTo?: string | null;
}

export const duplicateRiskBlockKey = (key: string) => `a risk block with key "${key}" already exists in this organization`;

/**
 * @throws DomainValidationError for a blank key, heading or template, a template that does not parse, or a status other than draft/approved.
 * @throws ConflictError when the key is taken in the organization.
 * @throws ForbiddenError when created approved by a caller below reviewer.
 */
export async function createRiskBlock(ctx: CommandContext, input: CreateRiskBlockInput): Promise<RiskBlockRecord> {
  const key = requiredString(input.key, 'key', { isKey: true });
  const heading = requiredString(input.heading, 'heading');
  const template = await requiredTemplate(input.template);
  const status = assertStatus(input.status ?? 'draft');
  if (status === 'approved') requireRole(ctx.actor, 'reviewer', 'approving a risk block');
  const orgId = ctx.actor.org.orgId;
  const blocks = ctx.repos.riskBlocks;
  if (await blocks.findByKey(orgId, key)) throw new ConflictError(duplicateRiskBlockKey(key));
  const now = ctx.clock.now().toISOString();
  const approval = approvalChanges('draft', status, ctx.actor, now);
  const record: RiskBlockRecord = {
    id: newId('rb'),
    key,
    heading,
    template,
    status,
    statutoryRef: input.statutoryRef ?? null,
    appliesTo: input.appliesTo ?? null,
    approvedBy: approval.approvedBy ?? null,
    approvedAt: approval.approvedAt ?? null,
    createdAt: now,
    updatedAt: now,
  };
  return uniqueOrConflict(() => blocks.insert(orgId, record), duplicateRiskBlockKey(key));
}
