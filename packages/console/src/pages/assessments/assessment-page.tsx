/**
 * One assessment: its files with processing and review status (each opens the review screen),
 * completeness with its gaps, processing details per page, batch runs, exporters, and the
 * linked /v1 document's sections — stale ones say why, so a correction's effect is visible here.
 */
import { useState } from 'react';
import { ErrorNotice, errorText } from '../../shell/api-errors';
import { can } from '../../shell/can';
import type { PageProps } from '../page-entry';
import { usePageTitle } from '../../shell/page-title';
import { Link } from '../../shell/router';
import { useReadySession } from '../../shell/session';
import { useLiveChanges } from '../../shell/use-live-changes';
import { useLoad } from '../../shell/use-load';
import {
  exportDocument,
  getAssessmentCase,
  getCompleteness,
  getProcessingDetails,
  listAssessmentDocuments,
  listExporters,
  listLinkedSections,
} from './assessment-api';
import { BatchRuns } from './batch-runs';
import { completenessSummary, gapLine } from './completeness-words';
import './assessments.css';
import { StateBadge, stateLabel } from '../../shell/state-labels';

export function AssessmentPage({ params }: PageProps) {
  const { assessmentId } = params;
  const session = useReadySession();
  const client = session.client;
  const assessment = useLoad(() => getAssessmentCase(client, assessmentId), [client, assessmentId]);
  const documents = useLoad(() => listAssessmentDocuments(client, assessmentId), [client, assessmentId]);
  const completeness = useLoad(() => getCompleteness(client, assessmentId), [client, assessmentId]);
  const details = useLoad(() => getProcessingDetails(client, assessmentId), [client, assessmentId]);
  usePageTitle(assessment.data?.name ?? 'Assessment');
  // Processing status updates by itself (ADR 0591): the organization's stream says when this
  // assessment's documents or their processing changed; the page re-reads them.
  useLiveChanges(
    client,
    {},
    () => {
      assessment.reload();
      documents.reload();
      completeness.reload();
      details.reload();
    },
    (event) => event.kind === 'assessment.changed' && event.assessmentId === assessmentId,
  );
  const linkedId = assessment.data?.linked_document_id ?? null;
  // A gap about one file is named by the file, never by its id.
  const filenames = new Map((documents.data ?? []).map((d) => [d.id, d.filename]));
  return (
    <section aria-labelledby="assessment-title">
      <div className="page-head">
        <h1 id="assessment-title">{assessment.data?.name ?? 'Assessment'}</h1>
        {assessment.data ? <StateBadge value={assessment.data.status} /> : null}
        <Link to="/assessments">All assessments</Link>
      </div>
      <ErrorNotice error={assessment.error ?? documents.error} title="Could not load the assessment" />

      <section className="card" aria-labelledby="files-title">
        <h2 id="files-title">Files</h2>
        {documents.data && documents.data.length > 0 ? (
          <table className="table" data-testid="assessment-files">
            <thead>
              <tr>
                <th scope="col">File</th>
                <th scope="col">Kind</th>
                <th scope="col">Processing</th>
                <th scope="col">Review</th>
                <th scope="col">Items</th>
                <th scope="col">Export</th>
              </tr>
            </thead>
            <tbody>
              {documents.data.map((d) => (
                <tr key={d.id}>
                  <td>
                    <Link to={`/assessments/${encodeURIComponent(assessmentId)}/documents/${encodeURIComponent(d.id)}/review`}>Review {d.filename}</Link>
                  </td>
                  <td>{d.kind}</td>
                  <td>{stateLabel(d.processing_status)}</td>
                  <td>{stateLabel(d.review_status)}</td>
                  <td>
                    {d.item_counts.total} ({d.item_counts.needs_review} to review)
                  </td>
                  <td>
                    <ExportMenu documentId={d.id} filename={d.filename} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="empty">{documents.state === 'loading' ? 'Loading files…' : 'No files.'}</p>
        )}
        <button
          type="button"
          className="button-quiet"
          onClick={() => {
            assessment.reload();
            documents.reload();
            completeness.reload();
            details.reload();
          }}
        >
          Refresh
        </button>
      </section>

      <section className="card" aria-labelledby="completeness-title">
        <h2 id="completeness-title">Completeness</h2>
        <ErrorNotice error={completeness.error} />
        {completeness.data ? (
          <>
            <p data-testid="completeness">{completenessSummary(completeness.data)}</p>
            {completeness.data.gaps.length > 0 ? (
              <ul>
                {completeness.data.gaps.map((g, i) => (
                  <li key={i}>
                    {/* The server's sentence names the requirement or file; without one, the console words the gap itself. */}
                    {g.message || gapLine(g, completeness.data?.requirements ?? [], filenames)}
                  </li>
                ))}
              </ul>
            ) : null}
          </>
        ) : null}
      </section>

      {linkedId ? <LinkedDocument documentId={linkedId} /> : null}

      <section className="card" aria-labelledby="details-title">
        <h2 id="details-title">Processing details</h2>
        <ErrorNotice error={details.error} />
        {details.data?.documents.map((d) => (
          <div key={d.document_id} className="details">
            <h3>{d.filename}</h3>
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Page</th>
                  <th scope="col">Method</th>
                  <th scope="col">Grade</th>
                  <th scope="col">Items</th>
                  <th scope="col">Warnings</th>
                </tr>
              </thead>
              <tbody>
                {d.pages.map((p) => (
                  <tr key={p.page_number}>
                    <td>{p.page_number}</td>
                    <td>{p.method.replace('_', ' ')}</td>
                    <td>{p.grade ?? '—'}</td>
                    <td>{p.item_count}</td>
                    <td>{p.warnings.map((w) => w.message).join('; ') || '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {d.errors.length > 0 ? <p className="notice notice-error">{d.errors.map((e) => e.message).join('; ')}</p> : null}
          </div>
        ))}
      </section>

      <BatchRuns
        assessmentId={assessmentId}
        documentIds={(documents.data ?? []).map((d) => d.id)}
        canRun={can(session.role, 'assessment.create')}
        onSettled={() => {
          assessment.reload();
          documents.reload();
          completeness.reload();
          details.reload();
        }}
      />
    </section>
  );
}

function ExportMenu({ documentId, filename }: { documentId: string; filename: string }) {
  const { client } = useReadySession();
  const exporters = useLoad(() => listExporters(client), [client]);
  const [error, setError] = useState<string | null>(null);
  const download = async (name: string) => {
    setError(null);
    try {
      const blob = await exportDocument(client, documentId, name);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `${filename}.${name}${blob.type.includes('json') ? '.json' : ''}`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <span className="export-menu">
      {(exporters.data ?? [])
        .filter((e) => e.name !== 'data-needs')
        .map((e) => (
          <button
            key={e.name}
            type="button"
            className="button-quiet button-small"
            onClick={() => void download(e.name)}
            aria-label={`Export ${filename} as ${e.name}`}
          >
            {e.name}
          </button>
        ))}
      {error ? (
        <span role="alert" className="notice-error">
          {error}
        </span>
      ) : null}
    </span>
  );
}

function LinkedDocument({ documentId }: { documentId: string }) {
  const { client } = useReadySession();
  const sections = useLoad(() => listLinkedSections(client, documentId), [client, documentId]);
  return (
    <section className="card" aria-labelledby="linked-title">
      <h2 id="linked-title">Linked document</h2>
      <p>
        <Link to={`/documents/${encodeURIComponent(documentId)}`}>Open the document</Link>
        <button type="button" className="button-quiet button-small" onClick={sections.reload}>
          Refresh sections
        </button>
      </p>
      <ErrorNotice error={sections.error} />
      <ul data-testid="linked-sections">
        {(sections.data ?? []).map((s) => (
          <li key={s.id} data-status={s.status}>
            {s.title}: <StateBadge value={s.status} />
            {s.status === 'stale' && s.staleBecause && s.staleBecause.length > 0 ? (
              <span className="hint"> — changed: {s.staleBecause.map((c) => (c.via ? `${c.path} (via ${c.via})` : c.path)).join('; ')}</span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
