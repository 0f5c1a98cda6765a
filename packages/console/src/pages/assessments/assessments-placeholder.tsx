/** Placeholder until the assessments screens land (issue #16, part B). */
import { usePageTitle } from '../../shell/page-title';

export function AssessmentsPlaceholder() {
  usePageTitle('Assessments');
  return (
    <section>
      <h1>Assessments</h1>
      <p>Uploading files, extraction progress and the review screen come here.</p>
    </section>
  );
}
