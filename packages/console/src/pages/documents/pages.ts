/** The documents area: the list, then (issue #16 part A, step 2) a document's workspace. */
import { lazyPage } from '../lazy-page';
import type { PageEntry } from '../page-entry';
import { DocumentListPage } from './document-list-page';

/** The workspace carries marked and diff (ADR 0767): its own chunk. */
const DocumentWorkspacePage = lazyPage(
  () => import('./document-workspace-page'),
  (module) => module.DocumentWorkspacePage,
);

export const DOCUMENT_PAGES: readonly PageEntry[] = [
  { path: '/documents', title: 'Documents', section: 'documents', component: DocumentListPage },
  { path: '/documents/:documentId', title: 'Document', section: 'documents', component: DocumentWorkspacePage },
];
