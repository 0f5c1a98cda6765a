/** The wire shape of a risk block, with who approved it and when. */
import type { RiskBlockRecord } from './risk-block.repository.js';

/** A risk block as the client reads it, with approvedBy / approvedAt. Never throws. */
export function presentRiskBlock(block: RiskBlockRecord) {
  return {
    id: block.id,
    key: block.key,
    heading: block.heading,
    template: block.template,
    status: block.status,
    statutoryRef: block.statutoryRef,
    appliesTo: block.appliesTo,
    approvedBy: block.approvedBy,
    approvedAt: block.approvedAt,
    createdAt: block.createdAt,
    updatedAt: block.updatedAt,
  };
}
