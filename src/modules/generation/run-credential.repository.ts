/**
 * Sealed run credentials (`run_credentials`): what a run carries to per-user tools, as sealed
 * text only — this repository never sees a token in clear (run-caller.ts seals and opens).
 * Every method takes the organization first, like every repository.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../storage/schema.js';

export interface RunCredentialRecord {
  runId: string;
  sealed: string;
  expiresAt: string;
}

export class RunCredentialRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores a running run's sealed credential (in the transaction that starts the run). */
  async insert(orgId: string, credential: RunCredentialRecord & { createdAt: string }): Promise<void> {
    await this.db
      .insertInto('run_credentials')
      .values({ run_id: credential.runId, org_id: orgId, sealed: credential.sealed, expires_at: credential.expiresAt, created_at: credential.createdAt })
      .execute();
  }

  async find(orgId: string, runId: string): Promise<RunCredentialRecord | undefined> {
    const row = await this.db
      .selectFrom('run_credentials')
      .select(['run_id', 'sealed', 'expires_at'])
      .where('org_id', '=', orgId)
      .where('run_id', '=', runId)
      .executeTakeFirst();
    return row && { runId: row.run_id, sealed: row.sealed, expiresAt: row.expires_at };
  }

  /** Erases a run's credential; called in the transaction that ends the run. */
  async erase(orgId: string, runId: string): Promise<void> {
    await this.db.deleteFrom('run_credentials').where('org_id', '=', orgId).where('run_id', '=', runId).execute();
  }
}
