/** The templates area: the catalog, then a template's new-document form. */
import type { PageEntry } from '../page-entry';
import { NewDocumentPage } from './new-document-page';
import { TemplateCatalogPage } from './template-catalog-page';

export const TEMPLATE_PAGES: readonly PageEntry[] = [
  { path: '/templates', title: 'Templates', section: 'templates', component: TemplateCatalogPage },
  { path: '/templates/:slug/new', title: 'New document', section: 'templates', component: NewDocumentPage },
];
