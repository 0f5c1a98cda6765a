/**
 * `POST /v1/members`: makes a user a member of the active organization with a role. By e-mail
 * the user must have signed in before (the e-mail is only known from a token); by subject the
 * user is created ahead of its first sign-in, so an owner can invite before the colleague logs in.
 */
import { ConflictError, DomainValidationError, NotFoundError } from '../../../../kernel/errors.js';
import type { Role } from '../../../../kernel/roles.js';
import type { CommandContext } from '../../../context.js';
import type { MemberRecord } from '../../identity.repository.js';
import type { MembershipInvalidator } from '../../membership-cache.js';

export interface AddMemberInput {
  email?: string;
  subject?: string;
  role: Role;
}

/**
 * @throws DomainValidationError unless exactly one of email and subject is given.
 * @throws NotFoundError when no user has that e-mail.
 * The user's cached memberships in this process are dropped, so the next request sees the new one.
 *
 * @throws ConflictError when several users share the e-mail, or the user is already a member.
 */
export async function addMember(ctx: CommandContext, memberships: MembershipInvalidator, input: AddMemberInput): Promise<MemberRecord> {
  const email = input.email?.trim();
  const subject = input.subject?.trim();
  if (!email === !subject) throw new DomainValidationError('send exactly one of email and subject (not blank)');
  const identity = ctx.repos.identity;
  let userId: string;
  if (email) {
    const users = await identity.findUserByEmail(email);
    if (users.length === 0) throw new NotFoundError(`no user with e-mail "${email}" has signed in yet; add them by subject`);
    if (users.length > 1) throw new ConflictError(`several users have e-mail "${email}"; add the one you mean by subject`);
    userId = users[0].id;
  } else {
    userId = (await identity.upsertUser(subject as string, null)).id;
  }
  const orgId = ctx.actor.org.orgId;
  const added = await identity.insertMembership(userId, orgId, false, input.role, 'local');
  if (!added) throw new ConflictError('the user is already a member of this organization; change its role instead');
  memberships.invalidateUser(userId);
  const member = await identity.findMembership(orgId, userId);
  if (!member) throw new NotFoundError('member not found');
  return member;
}
