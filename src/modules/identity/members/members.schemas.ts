/** Wire shapes of the member-management API (`/v1/members`). */
import { Type } from 'typebox';
import { Nullable, Ref, StringEnum } from '../../../kernel/schema.js';
import { MemberRole } from '../identity.schemas.js';

export const MemberSource = StringEnum(['local', 'claim'] as const, {
  $id: 'MemberSource',
  description:
    "`local`: seeded or added by an owner; `claim`: granted by the identity provider's organization claim (AUTH_ORG_CLAIM), follows it, and is changed there",
});

export const Member = Type.Object(
  {
    userId: Type.String({ description: "the user's id (`usr_…`): the `{user_id}` of the member routes" }),
    subject: Type.String({ description: "the identity provider's `sub`" }),
    email: Nullable(Type.String()),
    role: Ref(MemberRole),
    source: Ref(MemberSource),
    createdAt: Type.String({ description: 'when the membership was granted (ISO 8601)' }),
  },
  { $id: 'Member' },
);

export const MembersResponse = Type.Object({ members: Type.Array(Ref(Member), { description: 'oldest membership first' }) }, { $id: 'MembersResponse' });

export const AddMemberBody = Type.Object(
  {
    email: Type.Optional(Type.String({ minLength: 1, description: 'a user who has signed in before, by e-mail' })),
    subject: Type.Optional(Type.String({ minLength: 1, description: "the identity provider's `sub`; the user need not have signed in yet" })),
    role: Ref(MemberRole),
  },
  { $id: 'AddMemberBody', additionalProperties: false, description: 'exactly one of `email` and `subject`' },
);

export const ChangeMemberRoleBody = Type.Object({ role: Ref(MemberRole) }, { $id: 'ChangeMemberRoleBody', additionalProperties: false });

export const MemberRemoved = Type.Object({ ok: Type.Boolean() }, { $id: 'MemberRemoved', description: 'The membership was removed' });

export const MEMBER_SCHEMAS = [MemberSource, Member, MembersResponse, AddMemberBody, ChangeMemberRoleBody, MemberRemoved];
