/** The templates area: the catalog, a template (its Word template, merge runs), its new-document form, a merge run. */
import type { PageEntry } from '../page-entry';
import { MergeRunPage } from './merge-run-page';
import { NewDocumentPage } from './new-document-page';
import { TemplateCatalogPage } from './template-catalog-page';
import { TemplatePage } from './template-page';

export const TEMPLATE_PAGES: readonly PageEntry[] = [
  { path: '/templates', title: 'Templates', section: 'templates', component: TemplateCatalogPage },
  { path: '/templates/:slug', title: 'Template', section: 'templates', component: TemplatePage },
  { path: '/templates/:slug/new', title: 'New document', section: 'templates', component: NewDocumentPage },
  { path: '/templates/:slug/merge-runs/:runId', title: 'Merge run', section: 'templates', component: MergeRunPage },
];
