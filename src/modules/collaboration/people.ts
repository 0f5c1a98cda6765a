/**
 * The organization's members as colleagues see them — id, e-mail and a name, never the role —
 * for the mention picker and to name authors. Users carry no display name, so the name is the
 * part of the e-mail before `@` (or the sign-in subject when there is no e-mail).
 */
import type { CommandContext } from '../context.js';

export interface PersonView {
  userId: string;
  email: string | null;
  name: string;
}

export function nameOf(email: string | null, subject: string): string {
  return email ? email.split('@')[0] : subject;
}

/** The active organization's members, by name. */
export async function listPeople(ctx: CommandContext): Promise<PersonView[]> {
  const members = await ctx.repos.identity.listMembers(ctx.actor.org.orgId);
  return members.map((m) => ({ userId: m.userId, email: m.email, name: nameOf(m.email, m.subject) })).sort((a, b) => a.name.localeCompare(b.name));
}

/** A lookup of people by user id; a former member keeps their e-mail where we stored it. */
export async function peopleDirectory(ctx: CommandContext): Promise<(userId: string, fallbackEmail?: string | null) => PersonView> {
  const byId = new Map((await listPeople(ctx)).map((p) => [p.userId, p]));
  return (userId, fallbackEmail = null) =>
    byId.get(userId) ?? { userId, email: fallbackEmail, name: fallbackEmail ? nameOf(fallbackEmail, userId) : 'former member' };
}
