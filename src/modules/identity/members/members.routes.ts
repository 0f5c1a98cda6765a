/** /v1/members: the active organization's members, managed by its owners. Routes only adapt. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Ref, errorResponses } from '../../../kernel/schema.js';
import { type RouteDeps, contextOf } from '../../route-context.js';
import { addMember } from './commands/add-member.js';
import { changeMemberRole } from './commands/change-member-role.js';
import { removeMember } from './commands/remove-member.js';
import { AddMemberBody, ChangeMemberRoleBody, Member, MemberRemoved, MembersResponse } from './members.schemas.js';
import type { MembershipInvalidator } from '../membership-cache.js';
import { listMembers } from './queries/list-members.js';

const MemberParams = Type.Object({ user_id: Type.String() });
const tags = ['identity'];
// Who belongs to the organization, and with which powers, is the owners' business only.
const config = { role: 'owner' as const };

/** @param memberships this process's membership cache, told of every change made here. */
export function registerMemberRoutes(fastify: FastifyInstance, deps: Pick<RouteDeps, 'db'>, memberships: MembershipInvalidator): void {
  registerMemberCollection(fastify, deps, memberships);
  registerMemberChanges(fastify, deps, memberships);
}

/** List and add members. */
function registerMemberCollection(fastify: FastifyInstance, deps: Pick<RouteDeps, 'db'>, memberships: MembershipInvalidator): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/v1/members',
    {
      schema: {
        operationId: 'listMembers',
        summary: "The organization's members and their roles",
        description: "The active organization's members with their role and where the membership came from, oldest first.",
        tags,
        response: { 200: Ref(MembersResponse) },
      },
      config,
    },
    async (request) => listMembers(contextOf(request, deps)),
  );

  app.post(
    '/v1/members',
    {
      schema: {
        operationId: 'addMember',
        summary: 'Add a member with a role',
        description:
          'Adds a user (by `email`, a user who signed in before, or by `subject`, signed in or not) with a role and answers 201 with the member; 404 when no user has the e-mail, 409 when already a member, 422 unless exactly one of email and subject.',
        tags,
        body: Ref(AddMemberBody),
        response: { 201: Ref(Member), ...errorResponses(404, 409, 422) },
      },
      config,
    },
    async (request, reply) => reply.status(201).send(await addMember(contextOf(request, deps), memberships, request.body)),
  );
}

/** Change the role of a member; remove one. */
function registerMemberChanges(fastify: FastifyInstance, deps: Pick<RouteDeps, 'db'>, memberships: MembershipInvalidator): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.patch(
    '/v1/members/:user_id',
    {
      schema: {
        operationId: 'changeMemberRole',
        summary: "Change a member's role",
        description:
          "Sets the member's role and answers with the member; 409 when it would leave the organization without an owner or the membership follows the identity provider's claim, 404 when the user is not a member of this organization.",
        tags,
        params: MemberParams,
        body: Ref(ChangeMemberRoleBody),
        response: { 200: Ref(Member), ...errorResponses(404, 409, 422) },
      },
      config,
    },
    async (request) => changeMemberRole(contextOf(request, deps), memberships, request.params.user_id, request.body.role),
  );

  app.delete(
    '/v1/members/:user_id',
    {
      schema: {
        operationId: 'removeMember',
        summary: 'Remove a member',
        description:
          "Ends the membership (the user's work stays); 409 for the last owner or a membership that follows the identity provider's claim, 404 when the user is not a member of this organization.",
        tags,
        params: MemberParams,
        response: { 200: Ref(MemberRemoved), ...errorResponses(404, 409) },
      },
      config,
    },
    async (request) => {
      await removeMember(contextOf(request, deps), memberships, request.params.user_id);
      return { ok: true };
    },
  );
}
