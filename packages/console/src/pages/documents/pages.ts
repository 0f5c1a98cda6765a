/** The documents area: the list, then (issue #16 part A, step 2) a document's workspace. */
import type { PageEntry } from '../page-entry';
import { DocumentListPage } from './document-list-page';
import { DocumentWorkspacePage } from './document-workspace-page';

export const DOCUMENT_PAGES: readonly PageEntry[] = [
  { path: '/documents', title: 'Documents', section: 'documents', component: DocumentListPage },
  { path: '/documents/:documentId', title: 'Document', section: 'documents', component: DocumentWorkspacePage },
];
