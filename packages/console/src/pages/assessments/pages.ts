/** The assessments area (issue #16, part B): the list with new-assessment uploads, one assessment, the review screen. */
import type { PageEntry } from '../page-entry';
import { AssessmentListPage } from './assessment-list-page';
import { AssessmentPage } from './assessment-page';
import { ReviewPage } from './review-page';

export const ASSESSMENT_PAGES: readonly PageEntry[] = [
  { path: '/assessments', title: 'Assessments', section: 'assessments', component: AssessmentListPage },
  { path: '/assessments/:assessmentId', title: 'Assessment', section: 'assessments', component: AssessmentPage },
  { path: '/assessments/:assessmentId/documents/:documentId/review', title: 'Review', section: 'assessments', component: ReviewPage },
];
