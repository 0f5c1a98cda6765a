/** The assessments area (issue #16, part B): the list with new-assessment uploads, one assessment, the review screen. */
import { lazyPage } from '../lazy-page';
import type { PageEntry } from '../page-entry';
import { AssessmentListPage } from './assessment-list-page';
import { AssessmentPage } from './assessment-page';

/** The review screen (page images, word picking, tables) is its own chunk (ADR 0767). */
const ReviewPage = lazyPage(
  () => import('./review-page'),
  (module) => module.ReviewPage,
);

export const ASSESSMENT_PAGES: readonly PageEntry[] = [
  { path: '/assessments', title: 'Assessments', section: 'assessments', component: AssessmentListPage },
  { path: '/assessments/:assessmentId', title: 'Assessment', section: 'assessments', component: AssessmentPage },
  { path: '/assessments/:assessmentId/documents/:documentId/review', title: 'Review', section: 'assessments', component: ReviewPage },
];
