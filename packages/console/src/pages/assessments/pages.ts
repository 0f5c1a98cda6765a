/** The assessments area (issue #16, part B fills it in). */
import type { PageEntry } from '../page-entry';
import { AssessmentsPlaceholder } from './assessments-placeholder';

export const ASSESSMENT_PAGES: readonly PageEntry[] = [{ path: '/assessments', title: 'Assessments', section: 'assessments', component: AssessmentsPlaceholder }];
