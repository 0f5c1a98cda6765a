/**
 * What a role may do, for hiding what it cannot (the server refuses it anyway with 403; this
 * only spares the user a button that would fail). Mirrors src/kernel/roles.ts: each role can
 * do everything the roles below it can.
 */
import type { MemberRole } from '@quire/client';

const ORDER: readonly MemberRole[] = ['viewer', 'editor', 'reviewer', 'owner'];

/** The least role each action needs (the server's rules, docs/adr/0079-roles-hierarchy.md and the spec). */
const NEEDS = {
  'document.create': 'editor',
  'document.edit': 'editor',
  'document.generate': 'editor',
  'document.snapshot': 'editor',
  'document.finalize': 'reviewer',
  'comment.resolve': 'editor',
  'assessment.create': 'editor',
  'item.review': 'reviewer',
  'library.edit': 'editor',
  'wordtemplate.edit': 'editor',
  'riskblock.approve': 'reviewer',
  'tools.manage': 'owner',
  'webhooks.manage': 'owner',
  'members.manage': 'owner',
} as const satisfies Record<string, MemberRole>;

export type Action = keyof typeof NEEDS;

export function can(role: MemberRole | null | undefined, action: Action): boolean {
  if (!role) return false;
  return ORDER.indexOf(role) >= ORDER.indexOf(NEEDS[action]);
}
