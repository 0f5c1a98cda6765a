import { Type } from 'typebox';
import { ROLES } from '../../kernel/roles.js';
import { Nullable, Ref, StringEnum } from '../../kernel/schema.js';

/** A role within an organization; a hierarchy, each role doing all the roles before it can. */
export const MemberRole = StringEnum(ROLES, {
  $id: 'MemberRole',
  description: 'viewer (reads) < editor (writes content) < reviewer (approves risk blocks, finalizes, reviews extracted items) < owner (members, tool registrations); each role can do what the roles below it can',
});

export const OrgSummary = Type.Object(
  {
    slug: Type.String(),
    displayName: Type.String(),
    active: Type.Boolean({ description: 'true for the organization this request acted in' }),
    role: Ref(MemberRole),
  },
  { $id: 'OrgSummary' },
);

export const OrgsResponse = Type.Object(
  {
    orgs: Type.Array(Ref(OrgSummary)),
    activeSlug: Nullable(Type.String()),
  },
  { $id: 'OrgsResponse' },
);

export const WhoamiMembership = Type.Object(
  { slug: Type.String(), role: Ref(MemberRole) },
  { $id: 'WhoamiMembership' },
);

export const WhoamiUser = Type.Object(
  {
    email: Nullable(Type.String()),
    organizations: Type.Array(Type.String(), { description: 'slugs of the caller\'s organizations' }),
    memberships: Type.Array(Ref(WhoamiMembership), { description: 'the caller\'s organizations with its role in each, in the order of `organizations`' }),
  },
  { $id: 'WhoamiUser' },
);

export const WhoamiResponse = Type.Object(
  {
    user: Ref(WhoamiUser),
    activeOrg: Nullable(Type.String(), { description: 'slug of the organization the request acted in' }),
    activeRole: Nullable(Ref(MemberRole), { description: 'the caller\'s role in the organization the request acted in' }),
  },
  { $id: 'WhoamiResponse' },
);

export const DevLoginResponse = Type.Object(
  { token: Type.String(), tokenType: Type.Literal('Bearer'), expiresIn: Type.Integer({ minimum: 1, description: 'seconds until the token expires (AUTH_TOKEN_TTL_SECONDS)' }) },
  { $id: 'DevLoginResponse' },
);

export const IDENTITY_SCHEMAS = [MemberRole, WhoamiMembership, OrgSummary, OrgsResponse, WhoamiUser, WhoamiResponse, DevLoginResponse];
