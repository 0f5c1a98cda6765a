import { Type } from 'typebox';
import { ROLES } from '../../kernel/roles.js';
import { Nullable, Ref, StringEnum } from '../../kernel/schema.js';

/** A role within an organization; a hierarchy, each role doing all the roles before it can. */
export const MemberRole = StringEnum(ROLES, {
  $id: 'MemberRole',
  description:
    'viewer (reads) < editor (writes content) < reviewer (approves risk blocks, finalizes, reviews extracted items) < owner (members, tool registrations); each role can do what the roles below it can',
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

export const WhoamiMembership = Type.Object({ slug: Type.String(), role: Ref(MemberRole) }, { $id: 'WhoamiMembership' });

export const WhoamiUser = Type.Object(
  {
    email: Nullable(Type.String()),
    organizations: Type.Array(Type.String(), { description: "slugs of the caller's organizations" }),
    memberships: Type.Array(Ref(WhoamiMembership), { description: "the caller's organizations with its role in each, in the order of `organizations`" }),
  },
  { $id: 'WhoamiUser' },
);

export const WhoamiResponse = Type.Object(
  {
    user: Ref(WhoamiUser),
    activeOrg: Nullable(Type.String(), { description: 'slug of the organization the request acted in' }),
    activeRole: Nullable(Ref(MemberRole), { description: "the caller's role in the organization the request acted in" }),
  },
  { $id: 'WhoamiResponse' },
);

export const DevLoginResponse = Type.Object(
  {
    token: Type.String(),
    tokenType: Type.Literal('Bearer'),
    expiresIn: Type.Integer({ minimum: 1, description: 'seconds until the token expires (AUTH_TOKEN_TTL_SECONDS)' }),
  },
  { $id: 'DevLoginResponse' },
);

/** What the console needs to send a user to the identity provider (GET /auth/oidc/config). */
export const OidcSignInSettings = Type.Object(
  {
    providerName: Type.String({ description: 'shown on the sign-in button (CONSOLE_OIDC_PROVIDER_NAME)' }),
    clientId: Type.String({ description: "the console's public client id at the identity provider (CONSOLE_OIDC_CLIENT_ID)" }),
    authorizationEndpoint: Type.String({ description: "from the issuer's discovery document" }),
    scope: Type.String({ description: 'space-separated scopes to request; always contains openid' }),
  },
  { $id: 'OidcSignInSettings' },
);

/** The console's half of the authorization-code + PKCE exchange (POST /auth/oidc/token). */
export const OidcCodeExchange = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: 4096, description: 'the authorization code the identity provider returned to the callback' }),
    codeVerifier: Type.String({
      minLength: 43,
      maxLength: 128,
      pattern: '^[A-Za-z0-9._~-]+$',
      description: 'the PKCE verifier (RFC 7636) whose S256 challenge was sent to the authorization endpoint',
    }),
    redirectUri: Type.String({
      minLength: 1,
      maxLength: 2048,
      description: "the redirect_uri sent to the authorization endpoint: the absolute URL of the console's /app/callback",
    }),
    nonce: Type.String({ minLength: 16, maxLength: 256, description: 'the nonce sent to the authorization endpoint; the ID token must carry it' }),
  },
  { $id: 'OidcCodeExchange', additionalProperties: false },
);

export const OidcTokenResponse = Type.Object(
  {
    token: Type.String({ description: "the identity provider's access token, already checked to be accepted by this server" }),
    tokenType: Type.Literal('Bearer'),
    expiresIn: Nullable(Type.Integer({ minimum: 0, description: 'seconds until the token expires (from its exp claim); null when it has none' })),
    refreshToken: Nullable(
      Type.String({
        description:
          "the identity provider's refresh token, for POST /auth/oidc/refresh before the access token expires (a rotating provider answers a new one each time: keep the newest); null when the provider gave none",
      }),
    ),
  },
  { $id: 'OidcTokenResponse' },
);

const RefreshToken = Type.String({ minLength: 1, maxLength: 8192, description: "the identity provider's refresh token, as the last token answer gave it" });

/** A sign-in to renew (POST /auth/oidc/refresh). */
export const OidcTokenRefresh = Type.Object({ refreshToken: RefreshToken }, { $id: 'OidcTokenRefresh', additionalProperties: false });

/** A refresh token to revoke at sign-out (POST /auth/oidc/revoke). */
export const OidcTokenRevocation = Type.Object({ refreshToken: RefreshToken }, { $id: 'OidcTokenRevocation', additionalProperties: false });

export const OidcRevocationResponse = Type.Object(
  {
    revoked: Type.Boolean({
      description:
        'true: the provider revoked it (RFC 7009; it answers so for a token it no longer knows, too); false: the provider has no revocation endpoint',
    }),
  },
  { $id: 'OidcRevocationResponse' },
);

/** The console's OIDC sign-in (`/auth/oidc/…`): the unversioned document's, not the /v1 contract's. */
export const OIDC_SIGN_IN_SCHEMAS = [OidcSignInSettings, OidcCodeExchange, OidcTokenResponse, OidcTokenRefresh, OidcTokenRevocation, OidcRevocationResponse];

export const IDENTITY_SCHEMAS = [MemberRole, WhoamiMembership, OrgSummary, OrgsResponse, WhoamiUser, WhoamiResponse, DevLoginResponse, ...OIDC_SIGN_IN_SCHEMAS];
