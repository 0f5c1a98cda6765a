/** The templates area: the catalog, a template (its Word template, merge runs), its new-document form, a merge run. */
import { lazyPage } from '../lazy-page';
import type { PageEntry } from '../page-entry';
import { MergeRunPage } from './merge-run-page';
import { TemplateCatalogPage } from './template-catalog-page';
import { TemplatePage } from './template-page';

/** The interview carries re2js (ADR 0767): its own chunk. */
const NewDocumentPage = lazyPage(
  () => import('./new-document-page'),
  (module) => module.NewDocumentPage,
);

export const TEMPLATE_PAGES: readonly PageEntry[] = [
  { path: '/templates', title: 'Templates', section: 'templates', component: TemplateCatalogPage },
  { path: '/templates/:slug', title: 'Template', section: 'templates', component: TemplatePage },
  { path: '/templates/:slug/new', title: 'New document', section: 'templates', component: NewDocumentPage },
  { path: '/templates/:slug/merge-runs/:runId', title: 'Merge run', section: 'templates', component: MergeRunPage },
];
