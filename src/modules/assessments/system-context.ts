/**
 * The context a background job acts in: a system actor of the job's organization (payloads
 * carry `org_id`, never a token), so every repository call stays scoped to that organization.
 */
import type { Kysely } from 'kysely';
import type { OrgActor } from '../../kernel/actor.js';
import type { Database } from '../../storage/schema.js';
import { type CommandContext, createContext } from '../context.js';

/** A context acting as "system" in `orgId`. */
export function systemContext(db: Kysely<Database>, orgId: string): CommandContext {
  const org = { orgId, slug: orgId, displayName: orgId, isDefault: true };
  const actor: OrgActor = { userId: 'system', subject: 'system', email: null, memberships: [org], org, bearerToken: '' };
  return createContext(db, actor);
}
