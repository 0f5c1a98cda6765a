/**
 * One section of the workspace: its rendered Markdown (citations, unsupported claims), its
 * state (stale sections say why), and — for editors — editing with autosaved drafts, undoing
 * the last edit, regenerating this section alone, and its version history with a word diff;
 * for everyone, its comment threads, and the suggested edits editors propose and decide.
 */
import { type QuireClient, type SectionSummary, type Source, getSectionDraft, listSectionVersions, restoreSectionVersion } from '@quire/client';
import { useState } from 'react';
import { ErrorNotice } from '../../shell/api-errors';
import { StateBadge } from '../../shell/state-labels';
import { useLoad } from '../../shell/use-load';
import { Markdown, type UnsupportedClaim } from './markdown';
import { SectionComments } from './section-comments';
import { SectionEditor } from './section-editor';
import { SectionHistory } from './section-history';
import { SectionSuggestions } from './section-suggestions';
import type { Collaboration } from './use-collaboration';

export const sectionAnchor = (key: string) => `section-${key}`;

interface Props {
  documentId: string;
  section: SectionSummary;
  sources: Source[];
  claims: UnsupportedClaim[];
  canEdit: boolean;
  /** Regenerating this section is possible (a role that may generate, no run going). */
  canRegenerate: boolean;
  /** A run rewriting this section is going on. */
  regenerating: boolean;
  /** Some run of the document is going on (one at a time). */
  runGoing: boolean;
  client: QuireClient;
  onChanged(): void;
  onRegenerate(sectionId: string): Promise<void>;
  /** The document's threads and pending suggestions (this section's are picked here), and who is looking. */
  collaboration: Collaboration;
  viewer: { email: string | null; canResolve: boolean };
}

type Mode = 'view' | 'edit' | 'history' | 'suggest' | 'confirm-regenerate';

export function SectionCard(props: Props) {
  const { documentId, section, sources, claims, canEdit, client, onChanged, collaboration, viewer } = props;
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
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  // The server's draft, read when the card opens so a draft from another device or before a reload shows.
  const draft = useLoad(
    () => (canEdit ? getSectionDraft(client, documentId, section.id) : Promise.resolve(null)),
    [client, documentId, section.id, canEdit, mode],
  );
  const headingId = `${sectionAnchor(section.key)}-title`;
  const toggle = (next: Mode) => setMode(mode === next ? 'view' : next);
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
      setMode('view');
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  const regenerate = () => run(() => props.onRegenerate(section.id));
  const undo = () => run(async () => undoLastEdit(client, documentId, section).then(onChanged));

  return (
    <article className={`card section section-${section.status}`} aria-labelledby={headingId} data-testid="section" data-section-key={section.key}>
      <div className="section-head">
        <h3 id={headingId}>
          <span id={sectionAnchor(section.key)} tabIndex={-1}>
            {section.title}
          </span>
        </h3>
        <StateBadge value={section.status} />
        {draft.data && mode !== 'edit' ? <span className="badge badge-draft-saved">Draft saved</span> : null}
        <div className="section-actions" role="group" aria-label={`${section.title} actions`}>
          {canEdit ? (
            <>
              <button type="button" className="button-quiet" aria-pressed={mode === 'edit'} onClick={() => toggle('edit')}>
                Edit
              </button>
              <button type="button" className="button-quiet" aria-pressed={mode === 'suggest'} onClick={() => toggle('suggest')}>
                Suggest
              </button>
              <button type="button" className="button-quiet" aria-pressed={mode === 'history'} onClick={() => toggle('history')}>
                History
              </button>
            </>
          ) : null}
          {canEdit && section.status === 'edited' ? (
            <button type="button" className="button-quiet" disabled={busy} onClick={() => void undo()}>
              Undo last edit
            </button>
          ) : null}
          {props.canRegenerate ? (
            <button
              type="button"
              className="button-quiet"
              disabled={busy || props.runGoing}
              onClick={() => (section.status === 'edited' ? setMode('confirm-regenerate') : void regenerate())}
            >
              Regenerate
            </button>
          ) : null}
          <button type="button" className="button-quiet" aria-expanded={commentsOpen} onClick={() => setCommentsOpen(!commentsOpen)}>
            Comments ({openThreads} open)
          </button>
        </div>
      </div>
      <ErrorNotice error={error} />
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
      {props.regenerating ? (
        <p role="status" className="notice" data-testid="section-regenerating">
          Regenerating this section… the new text appears here when the run finishes.
        </p>
      ) : null}
      {mode === 'confirm-regenerate' ? (
        <div className="notice" role="alertdialog" aria-labelledby={`${headingId}-confirm`} aria-describedby={`${headingId}-confirm-text`}>
          <strong id={`${headingId}-confirm`}>This section was edited by hand</strong>
          <p id={`${headingId}-confirm-text`}>Regenerating replaces your edit with newly written text. Your edit stays in the version history.</p>
          <div className="form-actions">
            <button type="button" disabled={busy} onClick={() => void regenerate()}>
              Replace my edit
            </button>
            <button type="button" className="button-quiet" onClick={() => setMode('view')}>
              Keep my edit
            </button>
          </div>
        </div>
      ) : null}
      {section.status === 'stale' && section.staleBecause?.length ? (
        <div className="notice" data-testid="stale-note">
          <strong>Out of date:</strong> what this section was written from has changed since —{' '}
          {section.staleBecause.map((cause) => `${cause.path}${cause.via ? ` (through ${cause.via})` : ''} [${cause.cause}]`).join('; ')}. Generate again to
          update it.
        </div>
      ) : null}
      {mode === 'edit' ? (
        <FreshDraftEditor
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
              canEdit={canEdit}
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

/** The editor, opened on the draft as the server holds it now (another device may have typed since the page loaded). */
function FreshDraftEditor(props: Omit<Parameters<typeof SectionEditor>[0], 'draft'>) {
  const { client, documentId, section } = props;
  const draft = useLoad(() => getSectionDraft(client, documentId, section.id), [client, documentId, section.id]);
  if (draft.state === 'failed') return <ErrorNotice error={draft.error} title="Could not open the draft" />;
  if (draft.state === 'loading') return <p role="status">Opening the editor…</p>;
  return <SectionEditor {...props} draft={draft.data} />;
}

/**
 * Undo goes back to the text the section had before its last published edit: the newest
 * version whose text differs from the current one, restored through the API's restore path
 * (which keeps the undone edit as a version, so undo itself can be undone from the history).
 */
async function undoLastEdit(client: QuireClient, documentId: string, section: SectionSummary): Promise<void> {
  const versions = [...(await listSectionVersions(client, documentId, section.id))].sort((x, y) => y.version - x.version);
  const before = versions.find((v) => v.content !== section.content);
  if (!before) throw new Error('There is no earlier text to go back to.');
  await restoreSectionVersion(client, documentId, section.id, before.version);
}
