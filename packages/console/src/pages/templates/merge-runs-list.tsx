/**
 * The template's latest merge runs, newest first, each a link to its live page, narrowed to one
 * status by a select kept in the URL (`?status=`, ADR 0765). The server picks the template's runs
 * (`?template=`, ADR 0786), so runs older than the organization's latest are still shown.
 */
import type { QuireClient } from '@quire/client';
import { ErrorNotice } from '../../shell/api-errors';
import { formatDate } from '../../shell/format-date';
import { Link } from '../../shell/router';
import { StatusFilter, useStatusFilter } from '../../shell/status-filter';
import { useLiveChanges } from '../../shell/use-live-changes';
import { useLoad } from '../../shell/use-load';
import { MERGE_RUN_STATUSES, listTemplateMergeRuns } from './merge-api';
import { stateLabel } from '../../shell/state-labels';

export function MergeRunsList({ client, slug }: { client: QuireClient; slug: string }) {
  const status = useStatusFilter(MERGE_RUN_STATUSES);
  const runs = useLoad(() => listTemplateMergeRuns(client, slug, status), [client, slug, status]);
  // Each run's counts and status move by themselves (ADR 0591).
  useLiveChanges(client, {}, runs.reload, (event) => event.kind === 'merge_run.changed');
  const mine = runs.data ?? [];
  // A template never merged shows no card; a status that matches nothing keeps the select to change it.
  if (runs.state === 'ready' && mine.length === 0 && status === undefined) return null;
  return (
    <section className="card" aria-labelledby="merge-runs-title">
      <h2 id="merge-runs-title">Merge runs</h2>
      <StatusFilter label="Merge run status" values={MERGE_RUN_STATUSES} />
      <ErrorNotice error={runs.error} title="Could not list the merge runs" />
      {runs.state === 'ready' && mine.length === 0 ? <p className="empty">No merge runs with the status “{stateLabel(status ?? '')}”.</p> : null}
      <ul data-testid="merge-runs">
        {mine.map((run) => (
          <li key={run.id}>
            <Link to={`/templates/${encodeURIComponent(slug)}/merge-runs/${encodeURIComponent(run.id)}`}>{formatDate(run.createdAt)}</Link>:{' '}
            {stateLabel(run.status)}, {run.done} of {run.total} made{run.failed > 0 ? `, ${run.failed} failed` : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}
