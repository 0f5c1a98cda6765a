/**
 * Users, organizations and memberships. This is the one repository that is not scoped by an
 * organization: it is what *decides* which organizations a caller may act in.
 */
import type { Kysely, Selectable } from 'kysely';
import type { Membership } from '../../kernel/actor.js';
import { type Role, isRole } from '../../kernel/roles.js';
import { isoNow } from '../../kernel/clock.js';
import { newId } from '../../kernel/ids.js';
import { fromDbBool, isUniqueViolation, toDbBool } from '../../storage/dialect.js';
import type { Database, OrganizationTable, UserTable } from '../../storage/schema.js';

export type UserRow = Selectable<UserTable>;

/** Where a membership came from: seeded or added by an owner, or granted by the OIDC claim. */
export type MembershipSource = 'local' | 'claim';

/** One member of an organization, as the member-management API lists it. */
export interface MemberRecord {
  userId: string;
  subject: string;
  email: string | null;
  role: Role;
  source: MembershipSource;
  createdAt: string;
}

/** A role read from the database; an unknown value (a hand-edited row) reads as the least one. */
function roleOf(value: string): Role {
  return isRole(value) ? value : 'viewer';
}

export class IdentityRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async findUserBySubject(subject: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('subject', '=', subject).executeTakeFirst();
  }

  /** Finds or creates the user for a verified token's subject; keeps the email current. */
  async upsertUser(subject: string, email: string | null): Promise<UserRow> {
    const existing = await this.findUserBySubject(subject);
    if (existing) {
      if (email !== null && existing.email !== email) {
        await this.db.updateTable('users').set({ email }).where('id', '=', existing.id).execute();
        return { ...existing, email };
      }
      return existing;
    }
    const row: UserRow = { id: newId('usr'), subject, email, created_at: isoNow() };
    try {
      await this.db.insertInto('users').values(row).execute();
      return row;
    } catch (error) {
      // Two first requests of a new user raced; the other one created the row.
      if (!isUniqueViolation(error)) throw error;
      const raced = await this.findUserBySubject(subject);
      if (!raced) throw error;
      return raced;
    }
  }

  /** The caller's memberships, oldest first (the order the default resolution relies on). */
  async listMemberships(userId: string): Promise<Membership[]> {
    const rows = await this.db
      .selectFrom('memberships')
      .innerJoin('organizations', 'organizations.id', 'memberships.org_id')
      .select([
        'organizations.id as orgId',
        'organizations.slug',
        'organizations.display_name',
        'memberships.is_default',
        'memberships.role',
        'memberships.created_at',
      ])
      .where('memberships.user_id', '=', userId)
      .orderBy('memberships.created_at', 'asc')
      .orderBy('organizations.slug', 'asc')
      .execute();
    return rows.map((r) => ({ orgId: r.orgId, slug: r.slug, displayName: r.display_name, isDefault: fromDbBool(r.is_default), role: roleOf(r.role) }));
  }

  async findOrganizationBySlug(slug: string): Promise<Pick<Selectable<OrganizationTable>, 'id' | 'slug'> | undefined> {
    return this.db.selectFrom('organizations').select(['id', 'slug']).where('slug', '=', slug).executeTakeFirst();
  }

  async ensureOrganization(slug: string, displayName: string): Promise<string> {
    const existing = await this.findOrganizationBySlug(slug);
    if (existing) return existing.id;
    const id = newId('org');
    await this.db.insertInto('organizations').values({ id, slug, display_name: displayName, created_at: isoNow() }).execute();
    return id;
  }

  /** Adds a membership unless it exists; never changes an existing one. */
  async ensureMembership(userId: string, orgId: string, isDefault: boolean, role: Role = 'owner', source: MembershipSource = 'local'): Promise<void> {
    const existing = await this.findMembership(orgId, userId);
    if (existing) return;
    await this.insertMembership(userId, orgId, isDefault, role, source);
  }

  /** Inserts a membership; false when it already existed (a race or a second add). */
  async insertMembership(userId: string, orgId: string, isDefault: boolean, role: Role, source: MembershipSource): Promise<boolean> {
    try {
      await this.db
        .insertInto('memberships')
        .values({ user_id: userId, org_id: orgId, is_default: toDbBool(isDefault), role, source, created_at: isoNow() })
        .execute();
      return true;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return false;
    }
  }

  async findUserByEmail(email: string): Promise<UserRow[]> {
    return this.db.selectFrom('users').selectAll().where('email', '=', email).orderBy('created_at', 'asc').execute();
  }

  /** The members of one organization, oldest first. */
  async listMembers(orgId: string): Promise<MemberRecord[]> {
    const rows = await this.db
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .select(['users.id as userId', 'users.subject', 'users.email', 'memberships.role', 'memberships.source', 'memberships.created_at'])
      .where('memberships.org_id', '=', orgId)
      .orderBy('memberships.created_at', 'asc')
      .orderBy('users.subject', 'asc')
      .execute();
    return rows.map(memberOf);
  }

  /** One member of one organization; undefined when the user is not a member of it. */
  async findMembership(orgId: string, userId: string): Promise<MemberRecord | undefined> {
    const row = await this.db
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .select(['users.id as userId', 'users.subject', 'users.email', 'memberships.role', 'memberships.source', 'memberships.created_at'])
      .where('memberships.org_id', '=', orgId)
      .where('memberships.user_id', '=', userId)
      .executeTakeFirst();
    return row ? memberOf(row) : undefined;
  }

  /**
   * Serializes membership changes of one organization until the transaction ends: a write to
   * its row takes the row lock on PostgreSQL (SQLite has one writer anyway).
   */
  async lockOrganization(orgId: string): Promise<void> {
    await this.db
      .updateTable('organizations')
      .set((eb) => ({ slug: eb.ref('slug') }))
      .where('id', '=', orgId)
      .execute();
  }

  /** How many owners the organization has. */
  async countOwners(orgId: string): Promise<number> {
    const row = await this.db
      .selectFrom('memberships')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('org_id', '=', orgId)
      .where('role', '=', 'owner')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async setRole(orgId: string, userId: string, role: Role): Promise<void> {
    await this.db.updateTable('memberships').set({ role }).where('org_id', '=', orgId).where('user_id', '=', userId).execute();
  }

  async deleteMembership(orgId: string, userId: string): Promise<void> {
    await this.db.deleteFrom('memberships').where('org_id', '=', orgId).where('user_id', '=', userId).execute();
  }

  /**
   * Brings one user's claim-granted memberships in line with the claim: grants what it names,
   * updates roles that changed, removes what it stopped naming. Memberships of source `local`
   * are never touched (an owner added them, or they predate the source column). Writes nothing
   * when nothing changed (the common case: this runs on every request of an OIDC caller).
   * Answers whether anything changed.
   */
  async syncClaimMemberships(userId: string, wanted: Map<string, Role>): Promise<boolean> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await this.applyClaim(userId, wanted);
      } catch (error) {
        // Two first requests of the same caller granted the same membership at once: the other
        // one's insert won; read again and apply what is still missing.
        if (!isUniqueViolation(error) || attempt > 0) throw error;
      }
    }
  }

  private async applyClaim(userId: string, wanted: Map<string, Role>): Promise<boolean> {
    const rows = await this.db.selectFrom('memberships').select(['org_id', 'role', 'source']).where('user_id', '=', userId).execute();
    const held = new Map(rows.map((r) => [r.org_id, r]));
    const grant = [...wanted].filter(([orgId]) => !held.has(orgId));
    const change = [...wanted].filter(([orgId, role]) => held.get(orgId)?.source === 'claim' && held.get(orgId)?.role !== role);
    const drop = rows.filter((r) => r.source === 'claim' && !wanted.has(r.org_id)).map((r) => r.org_id);
    if (grant.length + change.length + drop.length === 0) return false;
    await this.db.transaction().execute(async (trx) => {
      for (const [orgId, role] of grant) {
        await trx
          .insertInto('memberships')
          .values({ user_id: userId, org_id: orgId, is_default: toDbBool(false), role, source: 'claim', created_at: isoNow() })
          .execute();
      }
      for (const [orgId, role] of change) {
        await trx.updateTable('memberships').set({ role }).where('user_id', '=', userId).where('org_id', '=', orgId).where('source', '=', 'claim').execute();
      }
      if (drop.length > 0)
        await trx.deleteFrom('memberships').where('user_id', '=', userId).where('source', '=', 'claim').where('org_id', 'in', drop).execute();
    });
    return true;
  }
}

function memberOf(row: { userId: string; subject: string; email: string | null; role: string; source: string; created_at: string }): MemberRecord {
  return {
    userId: row.userId,
    subject: row.subject,
    email: row.email,
    role: roleOf(row.role),
    source: row.source === 'claim' ? 'claim' : 'local',
    createdAt: row.created_at,
  };
}
