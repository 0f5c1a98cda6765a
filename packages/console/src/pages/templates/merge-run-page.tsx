/**
 * A merge run, watched live: rows made and failed out of the total, the time left, each failed
 * row with its reason, and — once it has ended — the zip of every document made.
 */
import { useState } from 'react';
import { ErrorNotice } from '../../shell/api-errors';
import { formatDate } from '../../shell/format-date';
import { usePageTitle } from '../../shell/page-title';
import { Link } from '../../shell/router';
import { can } from '../../shell/can';
import { useReadySession } from '../../shell/session';
import type { PageProps } from '../page-entry';
import { cancelMergeRun, downloadMergeZip } from './merge-api';
import { etaText, isEnded, useMergeProgress } from './use-merge-progress';
import { saveBlob } from './word-template-api';
import './word-templates.css';
import { stateLabel } from '../../shell/state-labels';

export function MergeRunPage({ params }: PageProps) {
  usePageTitle('Merge run');
  const session = useReadySession();
  const { client } = session;
  const progress = useMergeProgress(client, params.runId);
  const [downloadError, setDownloadError] = useState<unknown>(undefined);
  const { run } = progress;
  const download = async () => {
    setDownloadError(undefined);
    try {
      saveBlob(await downloadMergeZip(client, params.runId), `${run?.templateSlug ?? 'merge'}-documents.zip`);
    } catch (failure) {
      setDownloadError(failure);
    }
  };
  const cancel = async () => {
    setDownloadError(undefined);
    try {
      await cancelMergeRun(client, params.runId);
    } catch (failure) {
      setDownloadError(failure);
    }
  };
  const ended = isEnded(run);
  const made = run ? run.done + run.failed : 0;
  return (
    <section aria-labelledby="merge-title" className="merge-run">
      <p className="crumbs">
        <Link to="/templates">Templates</Link> / <Link to={`/templates/${encodeURIComponent(params.slug)}`}>{params.slug}</Link> /
      </p>
      <h1 id="merge-title">Merge run</h1>
      <ErrorNotice error={progress.error} title="Could not follow the merge run" />
      {!run && !progress.error ? <p role="status">Loading the merge run…</p> : null}
      {run ? (
        <div className="card" data-testid="merge-run">
          <p data-testid="merge-status">
            <strong>{stateLabel(run.status)}</strong>
            {run.startedAt ? `, started ${formatDate(run.startedAt)}` : ''}
            {run.finishedAt ? `, ended ${formatDate(run.finishedAt)}` : ''}.
          </p>
          <label htmlFor="merge-progress">
            {made} of {run.total} rows processed: {run.done} made, {run.failed} failed
          </label>
          <progress id="merge-progress" max={run.total} value={made} />
          {!ended ? <p aria-live="polite">{etaText(progress.etaSeconds)}</p> : null}
          {!ended && can(session.role, 'document.create') ? (
            <button type="button" className="button-quiet" onClick={() => void cancel()}>
              Cancel the run
            </button>
          ) : null}
          {run.error ? <p className="notice notice-error">{run.error}</p> : null}
          {progress.lost ? <p className="notice notice-error">{progress.lost}</p> : null}
          {ended && run.done > 0 ? (
            <button type="button" onClick={() => void download()}>
              Download the {run.done} document{run.done === 1 ? '' : 's'} (.zip)
            </button>
          ) : null}
          <ErrorNotice error={downloadError} />
        </div>
      ) : null}
      {progress.failures.length > 0 ? (
        <section className="card" aria-labelledby="failed-title">
          <h2 id="failed-title">Failed rows</h2>
          <ul className="merge-failures" data-testid="merge-failures">
            {progress.failures.map((failure) => (
              <li key={failure.row}>
                Row {failure.row}: {failure.reason}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}
