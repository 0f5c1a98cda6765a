/**
 * A document's workspace: its lifecycle state and exports, what it still needs (readiness),
 * its fields, Generate with the live timeline, its Word template and the page as it prints, the
 * sections, its bound snippets and its snapshots.
 */
import {
  type DocumentState,
  type ProgressEvent,
  exportDocx,
  exportPdf,
  getDocument,
  getReadiness,
  listGenerationSnapshots,
  regenerateSection,
  setDocumentState,
} from '@quire/client';
import { useCallback, useEffect, useState } from 'react';
import { ErrorNotice } from '../../shell/api-errors';
import { can } from '../../shell/can';
import { usePageTitle } from '../../shell/page-title';
import { Link } from '../../shell/router';
import { useReadySession } from '../../shell/session';
import { stateLabel } from '../../shell/state-labels';
import { useLiveChanges } from '../../shell/use-live-changes';
import { useLoad } from '../../shell/use-load';
import { WordTemplatePanel } from '../templates/word-template-panel';
import type { PageProps } from '../page-entry';
import { FieldsPanel } from './fields-panel';
import { GenerateButton } from './generate-panel';
import { PagePreview } from './page-preview';
import type { UnsupportedClaim } from './markdown';
import { ProgressTimeline } from './progress-timeline';
import { ReadinessChecklist } from './readiness-checklist';
import { SectionCard } from './section-card';
import { SnapshotsPanel } from './snapshots-panel';
import { SnippetBindingsPanel } from './snippet-bindings-panel';
import { useCollaboration } from './use-collaboration';
import { useProgress } from './use-progress';

const STATES: DocumentState[] = ['draft', 'under-review', 'finalized'];

export function DocumentWorkspacePage({ params }: PageProps) {
  const session = useReadySession();
  const { client } = session;
  const documentId = params.documentId;
  const [refresh, setRefresh] = useState(0);
  const detail = useLoad(() => getDocument(client, documentId), [client, documentId, refresh]);
  const readiness = useLoad(() => getReadiness(client, documentId), [client, documentId, refresh]);
  const [claims, setClaims] = useState<Record<string, UnsupportedClaim[]>>({});
  const [actionError, setActionError] = useState<unknown>(undefined);
  const reloadAll = () => setRefresh((n) => n + 1);
  const collaboration = useCollaboration(client, documentId, refresh);
  const [hasWordTemplate, setHasWordTemplate] = useState(false);
  const onWordTemplate = useCallback((info: unknown) => setHasWordTemplate(info !== null), []);
  // The section a one-section run is rewriting, until that run ends.
  const [regeneratingId, setRegeneratingId] = useState<string | undefined>(undefined);
  const progress = useProgress(client, documentId, (event: ProgressEvent) => {
    setRegeneratingId(undefined);
    if (event.event === 'pipeline_finished')
      setClaims(Object.fromEntries(event.unsupported_sections.map((s) => [s.sectionId, s.claims.map((c) => ({ sentence: c.sentence, reason: c.reason }))])));
    reloadAll();
  });
  // Another tab or person changing this document reaches this view by itself (ADR 0591): a run
  // started elsewhere is followed on the timeline, anything else re-reads the page.
  useLiveChanges(client, { documentId }, (events) => {
    // A re-read: the timeline shown stays until the stream answers (ADR 0766).
    if (events.some((e) => e.kind === 'run.progress') && progress.state !== 'following' && progress.state !== 'reconnecting') progress.follow(false);
    reloadAll();
  });
  // A document that has run before shows its last run (the stream replays it), with its verdicts.
  const { follow } = progress;
  useEffect(() => {
    let live = true;
    listGenerationSnapshots(client, documentId).then(
      (runs) => live && runs.length > 0 && follow(false),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [client, documentId, follow]);

  const title = detail.data?.document.title ?? 'Document';
  usePageTitle(title);
  if (detail.state === 'failed' && !detail.data) return <ErrorNotice error={detail.error} title="Could not open the document" />;
  if (!detail.data) return <p role="status">Loading the document…</p>;
  const { document, sections, fields, sources } = detail.data;
  const canEdit = can(session.role, 'document.edit') && document.state !== 'finalized';
  const running = progress.state === 'following' || progress.state === 'reconnecting';

  const download = async (kind: 'docx' | 'pdf') => {
    setActionError(undefined);
    try {
      const file = kind === 'docx' ? await exportDocx(client, documentId) : await exportPdf(client, documentId);
      const url = URL.createObjectURL(new Blob([file.bytes as BlobPart]));
      const anchor = window.document.createElement('a');
      anchor.href = url;
      anchor.download = file.filename;
      anchor.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (failure) {
      setActionError(failure);
    }
  };
  const regenerate = async (sectionId: string) => {
    await regenerateSection(client, documentId, sectionId);
    setRegeneratingId(sectionId);
    progress.follow(true);
  };
  const changeState = async (state: DocumentState) => {
    setActionError(undefined);
    try {
      await setDocumentState(client, documentId, state);
      reloadAll();
    } catch (failure) {
      setActionError(failure);
    }
  };

  return (
    <div className="workspace">
      <div className="page-head">
        <div>
          <p className="crumbs">
            <Link to="/documents">Documents</Link> /
          </p>
          <h1>{title}</h1>
        </div>
        <div className="form-actions">
          <label htmlFor="lifecycle">State</label>
          <select
            id="lifecycle"
            value={document.state}
            disabled={!can(session.role, 'document.edit')}
            onChange={(event) => void changeState(event.target.value as DocumentState)}
          >
            {STATES.map((state) => (
              <option key={state} value={state} disabled={state === 'finalized' && !can(session.role, 'document.finalize')}>
                {stateLabel(state)}
              </option>
            ))}
          </select>
          <button type="button" className="button-quiet" onClick={() => void download('docx')}>
            Export .docx
          </button>
          <button type="button" className="button-quiet" onClick={() => void download('pdf')}>
            Export PDF
          </button>
        </div>
      </div>
      <ErrorNotice error={actionError} />
      {document.state === 'finalized' ? <p className="notice">This document is finalized: it can be read and exported, not changed.</p> : null}
      <div className="workspace-grid">
        <div className="workspace-side">
          {readiness.data ? (
            <ReadinessChecklist readiness={readiness.data} fieldKeys={fields.map((f) => f.key)} sectionKeys={sections.map((s) => s.key)} />
          ) : null}
          <ErrorNotice error={readiness.error} title="Readiness" />
          {can(session.role, 'document.generate') ? (
            <section className="card" aria-labelledby="generate-title">
              <h2 id="generate-title">Generate</h2>
              <p className="hint">Gathers the data, writes and renders every section, then checks each citation against its source.</p>
              <GenerateButton
                client={client}
                documentId={documentId}
                disabled={running || document.state === 'finalized' || readiness.data?.generation_should_proceed === false}
                onStarted={() => progress.follow(true)}
              />
            </section>
          ) : null}
          {progress.state !== 'idle' ? <ProgressTimeline events={progress.events} state={progress.state} error={progress.error} sections={sections} /> : null}
          <FieldsPanel
            key={JSON.stringify(fields.map((f) => [f.key, f.value]))}
            client={client}
            documentId={documentId}
            fields={fields}
            canEdit={canEdit}
            onSaved={reloadAll}
          />
          <WordTemplatePanel
            client={client}
            owner={{ kind: 'document', documentId }}
            canEdit={canEdit && can(session.role, 'wordtemplate.edit')}
            onChanged={reloadAll}
            onInfo={onWordTemplate}
          />
          <PagePreview client={client} documentId={documentId} refreshKey={refresh} auto={hasWordTemplate} />
        </div>
        <div className="workspace-main">
          <h2>Sections</h2>
          {sections.map((section) => (
            <SectionCard
              key={`${section.id}:${section.updatedAt}`}
              documentId={documentId}
              section={section}
              sources={sources}
              claims={claims[section.id] ?? []}
              canEdit={canEdit}
              canRegenerate={canEdit && can(session.role, 'document.generate')}
              regenerating={regeneratingId === section.id && running}
              runGoing={running}
              client={client}
              onChanged={reloadAll}
              collaboration={collaboration}
              viewer={{ email: session.email, canResolve: can(session.role, 'comment.resolve') }}
              onRegenerate={regenerate}
            />
          ))}
          <ErrorNotice error={collaboration.error} title="Comments and suggestions" />
          <SnippetBindingsPanel client={client} documentId={documentId} canEdit={canEdit} refreshKey={refresh} onChanged={reloadAll} />
          <SnapshotsPanel client={client} documentId={documentId} canEdit={canEdit} refreshKey={refresh} onRestored={reloadAll} />
        </div>
      </div>
    </div>
  );
}
