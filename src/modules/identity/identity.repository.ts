/**
 * Users, organizations and memberships. This is the one repository that is not scoped by an
 * organization: it is what *decides* which organizations a caller may act in.
 */
import type { Kysely, Selectable } from 'kysely';
import type { Membership } from '../../kernel/actor.js';
import { isoNow } from '../../kernel/clock.js';
import { newId } from '../../kernel/ids.js';
import { fromDbBool, isUniqueViolation, toDbBool } from '../../storage/dialect.js';
import type { Database, OrganizationTable, UserTable } from '../../storage/schema.js';

export type UserRow = Selectable<UserTable>;

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
      .select(['organizations.id as orgId', 'organizations.slug', 'organizations.display_name', 'memberships.is_default', 'memberships.created_at'])
      .where('memberships.user_id', '=', userId)
      .orderBy('memberships.created_at', 'asc')
      .orderBy('organizations.slug', 'asc')
      .execute();
    return rows.map((r) => ({ orgId: r.orgId, slug: r.slug, displayName: r.display_name, isDefault: fromDbBool(r.is_default) }));
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
  async ensureMembership(userId: string, orgId: string, isDefault: boolean): Promise<void> {
    const existing = await this.db
      .selectFrom('memberships')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('org_id', '=', orgId)
      .executeTakeFirst();
    if (existing) return;
    try {
      await this.db
        .insertInto('memberships')
        .values({ user_id: userId, org_id: orgId, is_default: toDbBool(isDefault), created_at: isoNow() })
        .execute();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
}
