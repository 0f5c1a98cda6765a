import { Type } from 'typebox';
import { Nullable, Ref } from '../../kernel/schema.js';

export const OrgSummary = Type.Object(
  {
    slug: Type.String(),
    displayName: Type.String(),
    active: Type.Boolean({ description: 'true for the organization this request acted in' }),
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

export const WhoamiUser = Type.Object(
  {
    email: Nullable(Type.String()),
    organizations: Type.Array(Type.String(), { description: 'slugs of the caller\'s organizations' }),
  },
  { $id: 'WhoamiUser' },
);

export const WhoamiResponse = Type.Object(
  {
    user: Ref(WhoamiUser),
    activeOrg: Nullable(Type.String(), { description: 'slug of the organization the request acted in' }),
  },
  { $id: 'WhoamiResponse' },
);

export const DevLoginResponse = Type.Object(
  { token: Type.String(), tokenType: Type.Literal('Bearer'), expiresIn: Type.Integer({ minimum: 1, description: 'seconds until the token expires (AUTH_TOKEN_TTL_SECONDS)' }) },
  { $id: 'DevLoginResponse' },
);

export const IDENTITY_SCHEMAS = [OrgSummary, OrgsResponse, WhoamiUser, WhoamiResponse, DevLoginResponse];
