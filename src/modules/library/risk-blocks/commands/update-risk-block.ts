/**
 * `PATCH /v1/risk-blocks/{id}`: only the keys sent change; `null` clears statutoryRef and
 * appliesTo; key, heading, template and status cannot be null. Approval is of the content:
 * changing the heading or template of an approved block without re-sending `status: approved`
 * puts it back to draft, so nothing unreviewed ever reads as approved.
 */
import { ConflictError } from '../../../../kernel/errors.js';
import { requireRole } from '../../../../kernel/roles.js';
import type { CommandContext } from '../../../context.js';
import { assertNotEmptyUpdate, requiredString, uniqueOrConflict } from '../../library-rules.js';
import { requireRiskBlock } from '../require-risk-block.js';
import { approvalChanges, assertStatus, requiredTemplate } from '../risk-block-rules.js';
import { type RiskBlockChanges, type RiskBlockRecord } from '../risk-block.repository.js';
import { duplicateRiskBlockKey } from './create-risk-block.js';

export interface UpdateRiskBlockInput {
  key?: string | null;
  heading?: string | null;
  template?: string | null;
  status?: string | null;
  statutoryRef?: string | null;
  appliesTo?: string | null;
}

const KEYS = ['appliesTo', 'heading', 'key', 'status', 'statutoryRef', 'template'];

/** The changes an update body asks for against the current block (shared with spec sync). */
export async function riskBlockChangesOf(ctx: CommandContext, block: RiskBlockRecord, input: UpdateRiskBlockInput, now: string): Promise<RiskBlockChanges> {
  const changes: RiskBlockChanges = {};
  if (input.key !== undefined) changes.key = requiredString(input.key, 'key', { isKey: true });
  if (input.heading !== undefined) changes.heading = requiredString(input.heading, 'heading');
  if (input.template !== undefined) changes.template = await requiredTemplate(input.template);
  if (input.statutoryRef !== undefined) changes.statutoryRef = input.statutoryRef;
  if (input.appliesTo !== undefined) changes.appliesTo = input.appliesTo;
  const contentChanged =
    (changes.heading !== undefined && changes.heading !== block.heading) || (changes.template !== undefined && changes.template !== block.template);
  const status = input.status !== undefined ? assertStatus(input.status) : contentChanged ? 'draft' : undefined;
  // Approval is review work: making a block approved, or changing the content of one that stays
  // approved (the approval would otherwise vouch for text nobody reviewed).
  if (status === 'approved' && (block.status !== 'approved' || contentChanged)) requireRole(ctx.actor, 'reviewer', 'approving a risk block');
  if (status !== undefined) {
    changes.status = status;
    Object.assign(changes, approvalChanges(block.status, status, ctx.actor, now));
  }
  return changes;
}

/**
 * @throws NotFoundError when the risk block is absent or of another organization.
 * @throws DomainValidationError for `{}`, a null or blank key/heading/template, a template that does not parse, or a status other than draft/approved.
 * @throws ConflictError when the new key is taken in the organization.
 * @throws ForbiddenError when approving (or editing an approved block's content) below reviewer.
 */
export async function updateRiskBlock(ctx: CommandContext, riskBlockId: string, input: UpdateRiskBlockInput): Promise<RiskBlockRecord> {
  assertNotEmptyUpdate(input, KEYS);
  const block = await requireRiskBlock(ctx, riskBlockId);
  const now = ctx.clock.now().toISOString();
  const changes = await riskBlockChangesOf(ctx, block, input, now);
  const orgId = ctx.actor.org.orgId;
  const blocks = ctx.repos.riskBlocks;
  if (changes.key !== undefined && changes.key !== block.key && (await blocks.findByKey(orgId, changes.key)))
    throw new ConflictError(duplicateRiskBlockKey(changes.key));
  await uniqueOrConflict(() => blocks.update(orgId, block.id, changes, now), duplicateRiskBlockKey(changes.key ?? block.key));
  return { ...block, ...changes, updatedAt: now };
}
