/** The templates area: the catalog, a template (its Word template), and its new-document form. */
import type { PageEntry } from '../page-entry';
import { NewDocumentPage } from './new-document-page';
import { TemplateCatalogPage } from './template-catalog-page';
import { TemplatePage } from './template-page';

export const TEMPLATE_PAGES: readonly PageEntry[] = [
  { path: '/templates', title: 'Templates', section: 'templates', component: TemplateCatalogPage },
  { path: '/templates/:slug', title: 'Template', section: 'templates', component: TemplatePage },
  { path: '/templates/:slug/new', title: 'New document', section: 'templates', component: NewDocumentPage },
];
