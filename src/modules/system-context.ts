/**
 * The context a background job acts in: the system actor of the job's organization (payloads
 * carry `orgId`, never a token), so every repository call stays scoped to that organization.
 */
import type { Kysely } from 'kysely';
import { systemActor } from '../kernel/actor.js';
import type { Database } from '../storage/schema.js';
import { type CommandContext, createContext } from './context.js';

/** A context acting as "system" in `orgId`. */
export function systemContext(db: Kysely<Database>, orgId: string): CommandContext {
  return createContext(db, systemActor({ orgId }));
}
