/** The organization's assessments, and a new one from dropped files (editors and above). */
import { ErrorNotice } from '../../shell/api-errors';
import { can } from '../../shell/can';
import { usePageTitle } from '../../shell/page-title';
import { Link } from '../../shell/router';
import { useReadySession } from '../../shell/session';
import { useLoad } from '../../shell/use-load';
import { ListViewControls, type SortChoice, useListView } from '../../shell/list-view-controls';
import { type AssessmentSort, listAssessments } from './assessment-api';
import { NewAssessmentForm } from './new-assessment-form';
import './assessments.css';
import { StateBadge } from '../../shell/state-labels';

/** The library lists' orders, newest first by default (ADR 0683, 0685). */
const SORTS: readonly SortChoice<AssessmentSort>[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'updated', label: 'Recently changed' },
  { value: 'name', label: 'Name (A to Z)' },
];

export function AssessmentListPage() {
  usePageTitle('Assessments');
  const session = useReadySession();
  const view = useListView(SORTS);
  const list = useLoad(() => listAssessments(session.client, { sort: view.sort, q: view.q || undefined }), [session.client, view.sort, view.q]);
  return (
    <section aria-labelledby="assessments-title">
      <div className="page-head">
        <h1 id="assessments-title">Assessments</h1>
      </div>
      {can(session.role, 'assessment.create') ? <NewAssessmentForm onCreated={list.reload} /> : null}
      <ListViewControls noun="assessments" filterLabel="Name contains" choices={SORTS} />
      <ErrorNotice error={list.error} title="Could not list the assessments" />
      {list.state === 'loading' ? <p role="status">Loading assessments…</p> : null}
      {list.data && list.data.length === 0 ? <p className="empty">{view.q ? 'No assessment has such a name.' : 'No assessments yet.'}</p> : null}
      {list.data && list.data.length > 0 ? (
        <table className="table" data-testid="assessments-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Status</th>
              <th scope="col">Files</th>
              <th scope="col">Needs review</th>
              <th scope="col">Complete</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((a) => (
              <tr key={a.id}>
                <td>
                  <Link to={`/assessments/${encodeURIComponent(a.id)}`}>{a.name}</Link>
                </td>
                <td>
                  <StateBadge value={a.status} />
                </td>
                <td>{a.counts.documents}</td>
                <td>{a.counts.needs_review}</td>
                <td>{a.completeness ? `${Math.round(a.completeness.score * 100)}%` : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
