/** The library area (issue #16, part B fills it in). */
import type { PageEntry } from '../page-entry';
import { LibraryPlaceholder } from './library-placeholder';

export const LIBRARY_PAGES: readonly PageEntry[] = [{ path: '/library', title: 'Library', section: 'library', component: LibraryPlaceholder }];
