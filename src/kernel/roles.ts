/**
 * Roles within an organization. A hierarchy: each role can do everything the roles below it can.
 *
 * - `viewer`   reads.
 * - `editor`   writes content: documents, sections, fields, library, uploads, generation.
 * - `reviewer` approves: risk block approval, finalizing a document, validating and correcting
 *              extracted items — plus everything an editor does.
 * - `owner`    administers: members, tool registrations (they receive the bearer tokens of
 *              colleagues who use them) — plus everything a reviewer does.
 */
import { ForbiddenError } from './errors.js';

export const ROLES = ['viewer', 'editor', 'reviewer', 'owner'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** True when `held` is `needed` or above it. */
export function roleAtLeast(held: Role, needed: Role): boolean {
  return ROLES.indexOf(held) >= ROLES.indexOf(needed);
}

/** The refusal's words: names the role needed (and what for, when the caller said). */
export function forbiddenMessage(needed: Role, held: Role, what?: string): string {
  return `${what ? `${what} needs` : 'this needs'} the ${needed} role or above in this organization (you are ${held})`;
}

/**
 * The use-case half of authorization, for rules the route cannot know (the body decides: a
 * state change to `finalized`, a risk block set to approved).
 *
 * @throws ForbiddenError when the role is below `needed`.
 */
export function requireRole(actor: { org: { role: Role } }, needed: Role, what: string): void {
  if (!roleAtLeast(actor.org.role, needed)) throw new ForbiddenError(forbiddenMessage(needed, actor.org.role, what));
}
