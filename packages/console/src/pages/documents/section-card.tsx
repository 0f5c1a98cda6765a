/**
 * One section of the workspace: its rendered Markdown (citations, unsupported claims), its
 * status (stale sections say why), and — for editors — editing its output with a live preview
 * and its version history with a side-by-side diff and restore.
 */
import { type SectionSummary, type SectionVersion, type Source, listSectionVersions, putSectionOutput, restoreSectionVersion } from '@quire/client';
import { useState } from 'react';
import { ErrorNotice } from '../../shell/api-errors';
import { useLoad } from '../../shell/use-load';
import { formatDate } from '../../shell/format-date';
import { DiffView } from './diff-view';
import { Markdown, type UnsupportedClaim } from './markdown';
import { SectionComments } from './section-comments';
import { SectionSuggestions } from './section-suggestions';
import type { Collaboration } from './use-collaboration';

export const sectionAnchor = (key: string) => `section-${key}`;

interface Props {
  documentId: string;
  section: SectionSummary;
  sources: Source[];
  claims: UnsupportedClaim[];
  canEdit: boolean;
  client: Parameters<typeof putSectionOutput>[0];
  onChanged(): void;
  /** The document's threads and pending suggestions (this section's are picked here), and who is looking. */
  collaboration: Collaboration;
  viewer: { email: string | null; canResolve: boolean };
}

type Mode = 'view' | 'edit' | 'history' | 'suggest';

export function SectionCard({ documentId, section, sources, claims, canEdit, client, onChanged, collaboration, viewer }: Props) {
  const [mode, setMode] = useState<Mode>('view');
  const [commentsOpen, setCommentsOpen] = useState(false);
  const threads = collaboration.threads.filter((t) => t.sectionId === section.id);
  const suggestions = collaboration.suggestions.filter((s) => s.sectionId === section.id);
  const openThreads = threads.filter((t) => t.status === 'open').length;
  // An accepted suggestion changes the section (reload the document); anything else only the discussion.
  const afterCollaboration = () => {
    collaboration.reload();
    onChanged();
  };
  const headingId = `${sectionAnchor(section.key)}-title`;
  return (
    <article className={`card section section-${section.status}`} aria-labelledby={headingId} data-testid="section" data-section-key={section.key}>
      <div className="section-head">
        <h3 id={headingId}>
          <span id={sectionAnchor(section.key)} tabIndex={-1}>
            {section.title}
          </span>
        </h3>
        <span className={`badge badge-${section.status}`}>{section.status}</span>
        <div className="section-actions" role="group" aria-label={`${section.title} actions`}>
          {canEdit ? (
            <>
              <button type="button" className="button-quiet" aria-pressed={mode === 'edit'} onClick={() => setMode(mode === 'edit' ? 'view' : 'edit')}>
                Edit
              </button>
              <button type="button" className="button-quiet" aria-pressed={mode === 'suggest'} onClick={() => setMode(mode === 'suggest' ? 'view' : 'suggest')}>
                Suggest
              </button>
              <button type="button" className="button-quiet" aria-pressed={mode === 'history'} onClick={() => setMode(mode === 'history' ? 'view' : 'history')}>
                History
              </button>
            </>
          ) : null}
          <button type="button" className="button-quiet" aria-expanded={commentsOpen} onClick={() => setCommentsOpen(!commentsOpen)}>
            Comments ({openThreads} open)
          </button>
        </div>
      </div>
      <SectionSuggestions
        client={client}
        documentId={documentId}
        sectionId={section.id}
        content={section.content ?? ''}
        suggestions={suggestions}
        canDecide={canEdit}
        proposing={mode === 'suggest'}
        onProposed={() => setMode('view')}
        onChanged={afterCollaboration}
      />
      {section.status === 'stale' && section.staleBecause?.length ? (
        <div className="notice" data-testid="stale-note">
          <strong>Out of date:</strong> what this section was written from has changed since —{' '}
          {section.staleBecause.map((cause) => `${cause.path}${cause.via ? ` (through ${cause.via})` : ''} [${cause.cause}]`).join('; ')}. Generate again to
          update it.
        </div>
      ) : null}
      {mode === 'edit' ? (
        <SectionEditor
          documentId={documentId}
          section={section}
          sources={sources}
          client={client}
          onDone={(changed) => {
            setMode('view');
            if (changed) onChanged();
          }}
        />
      ) : (
        <>
          {section.content ? <Markdown text={section.content} sources={sources} claims={claims} /> : <p className="empty">Not generated yet.</p>}
          {claims.length > 0 ? (
            <ul className="claims">
              {claims.map((claim, index) => (
                <li key={index}>
                  <q>{claim.sentence}</q>: {claim.reason ?? 'not supported by its cited sources'}
                </li>
              ))}
            </ul>
          ) : null}
          {mode === 'history' ? (
            <SectionHistory
              documentId={documentId}
              section={section}
              client={client}
              onRestored={() => {
                setMode('view');
                onChanged();
              }}
            />
          ) : null}
        </>
      )}
      {commentsOpen ? (
        <SectionComments
          client={client}
          documentId={documentId}
          sectionId={section.id}
          sectionTitle={section.title}
          threads={threads}
          people={collaboration.people}
          myEmail={viewer.email}
          canResolve={viewer.canResolve}
          onChanged={collaboration.reload}
        />
      ) : null}
    </article>
  );
}

function SectionEditor({
  documentId,
  section,
  sources,
  client,
  onDone,
}: {
  documentId: string;
  section: SectionSummary;
  sources: Source[];
  client: Props['client'];
  onDone(changed: boolean): void;
}) {
  const [text, setText] = useState(section.content ?? '');
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const id = `${sectionAnchor(section.key)}-editor`;
  const save = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await putSectionOutput(client, documentId, section.id, text);
      onDone(true);
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  };
  return (
    <div className="editor">
      <ErrorNotice error={error} title="Could not save" />
      <div className="editor-panes">
        <div>
          <label htmlFor={id}>Output (Markdown)</label>
          <textarea id={id} className="mono" rows={12} value={text} onChange={(event) => setText(event.target.value)} />
        </div>
        <div className="preview" aria-label="Preview" role="region">
          <p className="preview-label">Preview</p>
          <Markdown text={text} sources={sources} />
        </div>
      </div>
      <p className="hint">Saving marks the section as edited by hand: a later Generate asks before overwriting it.</p>
      <div className="form-actions">
        <button type="button" disabled={busy} onClick={() => void save()}>
          Save section
        </button>
        <button type="button" className="button-quiet" disabled={busy} onClick={() => onDone(false)}>
          Cancel
        </button>
      </div>
    </div>
  );
}

function SectionHistory({
  documentId,
  section,
  client,
  onRestored,
}: {
  documentId: string;
  section: SectionSummary;
  client: Props['client'];
  onRestored(): void;
}) {
  const loaded = useLoad(
    async () => [...(await listSectionVersions(client, documentId, section.id))].sort((x, y) => y.version - x.version),
    [client, documentId, section.id],
  );
  const versions: SectionVersion[] | undefined = loaded.data;
  // The version before the current one is what a user usually wants to compare with.
  const [picked, setChosen] = useState<number | undefined>(undefined);
  const chosen = picked ?? versions?.[1]?.version ?? versions?.[0]?.version;
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const version = versions?.find((v) => v.version === chosen);
  const restore = async () => {
    if (!version) return;
    setBusy(true);
    try {
      await restoreSectionVersion(client, documentId, section.id, version.version);
      onRestored();
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  };
  const selectId = `${sectionAnchor(section.key)}-version`;
  return (
    <div className="history" data-testid="section-history">
      <h4>Version history</h4>
      <ErrorNotice error={error ?? loaded.error} title="History" />
      {versions === undefined ? <p role="status">Loading versions…</p> : null}
      {versions?.length === 0 ? <p className="empty">No versions yet.</p> : null}
      {versions && versions.length > 0 ? (
        <>
          <label htmlFor={selectId}>Compare the current output with</label>{' '}
          <select id={selectId} value={chosen ?? ''} onChange={(event) => setChosen(Number(event.target.value))}>
            {versions.map((v) => (
              <option key={v.version} value={v.version}>
                Version {v.version} — {v.source}, {formatDate(v.createdAt)}
              </option>
            ))}
          </select>
          {version ? (
            <>
              <DiffView
                before={version.content ?? ''}
                after={section.content ?? ''}
                beforeLabel={`Version ${version.version} (${version.source})`}
                afterLabel="Current"
              />
              <button type="button" disabled={busy} onClick={() => void restore()}>
                Restore version {version.version}
              </button>
            </>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
