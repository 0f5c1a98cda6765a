/**
 * The tour of the member-management API: list, add, change a role, remove — and its refusals:
 * 409 for the last owner, 403 for a caller below owner. The dev user stays the only owner, so
 * the sections running beside this one keep acting as owner.
 */
import { signDevToken } from '../support/members.js';
import type { Section } from './tour.js';

const members: Section = async (tour) => {
  const c = tour.client;
  const list = await c.get('/v1/members');
  const me = (list.body.members as Array<{ userId: string; subject: string }>).find((m) => m.subject === 'dev@localhost');
  if (!me) throw new Error('the dev user is not listed among the members');
  const subject = `tour-member-${tour.suffix}`;
  const added = await c.post('/v1/members', { subject, role: 'viewer' }, 201);
  const userId = added.body?.userId;
  if (typeof userId !== 'string') throw new Error(`no userId in ${JSON.stringify(added.body).slice(0, 300)}`);
  // A viewer manages nothing: 403 naming the owner role.
  const viewerToken = await signDevToken(tour.server, subject);
  await c.post('/v1/members', { subject: `${subject}-friend`, role: 'owner' }, 403, { token: viewerToken });
  await c.patch(`/v1/members/${userId}`, { role: 'reviewer' });
  // The last owner cannot step down.
  await c.patch(`/v1/members/${me.userId}`, { role: 'viewer' }, 409);
  await c.delete(`/v1/members/${userId}`);
};

export const memberSections: Record<string, Section> = { members };
