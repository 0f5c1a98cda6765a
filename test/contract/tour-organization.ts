/**
 * The tour of `/v1/organization/settings`: read the letterhead, change it (name, address, a
 * real PNG logo), clear the logo — and the refusal: 422 for a logo that is not the image it
 * claims to be.
 */
import type { Section } from './tour.js';

/** A 2 × 1 PNG. */
const LOGO = 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAD0lEQVR4nGM4IScnZ7MAAAc3Af/WSdlhAAAAAElFTkSuQmCC';

const organization: Section = async (tour) => {
  const c = tour.client;
  await c.get('/v1/organization/settings');
  await c.patch('/v1/organization/settings', {
    letterheadName: `Tour ${tour.suffix} LLP`,
    letterheadAddress: '1 Harbour Street\nBristol',
    logo: { mediaType: 'image/png', data: LOGO },
  });
  await c.patch('/v1/organization/settings', { logo: { mediaType: 'image/jpeg', data: LOGO } }, 422);
  await c.patch('/v1/organization/settings', { logo: null });
};

export const organizationSections: Record<string, Section> = { organization };
