/** The caller's organizations and its role in each (`GET /v1/orgs`). */
import type { QuireClient } from './client.js';
import type { components } from './generated/v1.js';
import { unwrap } from './unwrap.js';

export type OrgSummary = components['schemas']['OrgSummary'];
export type MemberRole = components['schemas']['MemberRole'];

export async function listOrgs(client: QuireClient): Promise<{ orgs: OrgSummary[]; activeSlug: string | null }> {
  return unwrap(await client.v1.GET('/v1/orgs'));
}
