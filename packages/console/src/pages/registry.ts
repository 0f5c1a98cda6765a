/**
 * Every page of the console. Each area lists its own pages in its folder's `pages.ts`
 * (documents, templates, assessments, library), so an area grows without touching the others.
 * The first entry of each area is its navigation target.
 */
import { matchPath } from '../shell/router';
import { ASSESSMENT_PAGES } from './assessments/pages';
import { DOCUMENT_PAGES } from './documents/pages';
import { LIBRARY_PAGES } from './library/pages';
import { NotFoundPage } from './not-found-page';
import type { PageEntry } from './page-entry';
import { TEMPLATE_PAGES } from './templates/pages';

export type { PageEntry, PageProps } from './page-entry';

const AREAS: readonly (readonly PageEntry[])[] = [DOCUMENT_PAGES, TEMPLATE_PAGES, ASSESSMENT_PAGES, LIBRARY_PAGES];

export const PAGES: readonly PageEntry[] = AREAS.flat();

/** The navigation: each area's first page. */
export const NAV_PAGES: readonly PageEntry[] = AREAS.map((area) => area[0]);

const NOT_FOUND: PageEntry = { path: '*', title: 'Not found', section: 'none', component: NotFoundPage };

/** The page a console path shows ("/" is the documents list). */
export function resolvePage(pathname: string): { page: PageEntry; params: Record<string, string> } {
  const path = pathname === '/' ? '/documents' : pathname;
  for (const page of PAGES) {
    const params = matchPath(page.path, path);
    if (params) return { page, params };
  }
  return { page: NOT_FOUND, params: {} };
}
