/**
 * `DELETE /v1/members/{user_id}`: ends a membership (the user and its work stay); the last owner
 * cannot be removed. Removing yourself is allowed while another owner remains.
 */
import type { CommandContext } from '../../../context.js';
import type { MembershipInvalidator } from '../../membership-cache.js';
import { assertNotLastOwner, lockMember } from '../member-rules.js';

/**
 * @throws NotFoundError when the user is not a member of the active organization.
 * The user's cached memberships in this process are dropped once the removal is committed.
 *
 * @throws ConflictError when removing the last owner, or the membership follows the OIDC claim.
 */
export async function removeMember(ctx: CommandContext, memberships: MembershipInvalidator, userId: string): Promise<void> {
  await ctx.transaction(async (tx) => {
    const member = await lockMember(tx, userId);
    await assertNotLastOwner(tx, member);
    await tx.repos.identity.deleteMembership(tx.actor.org.orgId, userId);
  });
  memberships.invalidateUser(userId);
}
