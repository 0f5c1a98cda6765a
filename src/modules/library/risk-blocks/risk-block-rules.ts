/** Risk block vocabulary and the approval record. */
import { DomainValidationError } from '../../../kernel/errors.js';
import type { OrgActor } from '../../../kernel/actor.js';
import { assertTemplateParses, requiredString } from '../library-rules.js';

export const RISK_BLOCK_STATUSES = ['draft', 'approved'] as const;
export type RiskBlockStatus = (typeof RISK_BLOCK_STATUSES)[number];

/**
 * @throws DomainValidationError when the status is not draft or approved (null included).
 */
export function assertStatus(status: string | null | undefined): RiskBlockStatus {
  if (status !== 'draft' && status !== 'approved') throw new DomainValidationError(`status must be one of ${RISK_BLOCK_STATUSES.join(', ')}`);
  return status;
}

/**
 * The analysis template: not blank and parses.
 *
 * @throws DomainValidationError when blank, null or unparsable.
 */
export async function requiredTemplate(template: string | null | undefined): Promise<string> {
  const checked = requiredString(template, 'template');
  await assertTemplateParses(template, 'template');
  // Keep the author's whitespace: it is template text, not a key.
  return template ?? checked;
}

/** Who approved: the actor's email, else its user id (a system actor has no email). */
export function approverOf(actor: OrgActor): string {
  return actor.email ?? actor.userId;
}

/**
 * The approval columns for a status change: set when it becomes approved, cleared when it goes
 * back to draft, untouched otherwise.
 */
export function approvalChanges(
  previous: string | null,
  next: RiskBlockStatus,
  actor: OrgActor,
  now: string,
): { approvedBy?: string | null; approvedAt?: string | null } {
  if (next === previous) return {};
  return next === 'approved' ? { approvedBy: approverOf(actor), approvedAt: now } : { approvedBy: null, approvedAt: null };
}
