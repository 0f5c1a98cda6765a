/**
 * Editing a section's text with a live preview. What is typed is saved as a server-side draft a
 * moment after each pause (ADR 0621), so a reload or another device opens the same draft;
 * "Publish edit" makes it the section's text (the server then drops the draft), "Discard draft"
 * throws it away and "Close" leaves it for later.
 */
import { type QuireClient, type SectionDraft, type SectionSummary, type Source, discardSectionDraft, putSectionOutput } from '@quire/client';
import { useState } from 'react';
import { ErrorNotice, errorText } from '../../shell/api-errors';
import { formatDate } from '../../shell/format-date';
import { Markdown } from './markdown';
import { type DraftState, useAutosave } from './use-autosave';

export const editorId = (key: string) => `section-${key}-editor`;

interface Props {
  documentId: string;
  section: SectionSummary;
  sources: Source[];
  client: QuireClient;
  /** The draft the server held when the editor opened (null: none). */
  draft: SectionDraft | null;
  onDone(changed: boolean): void;
}

export function SectionEditor({ documentId, section, sources, client, draft, onDone }: Props) {
  const [text, setText] = useState(draft?.content ?? section.content ?? '');
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const autosave = useAutosave(client, documentId, section.id, draft ? { kind: 'saved', at: draft.updatedAt } : { kind: 'none' });
  const id = editorId(section.key);
  const act = async (action: () => Promise<unknown>, changed: boolean) => {
    autosave.cancel();
    setBusy(true);
    setError(undefined);
    try {
      await action();
      onDone(changed);
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  };
  const hasDraft = autosave.state.kind !== 'none';
  return (
    <div className="editor">
      <ErrorNotice error={error} title="Could not save" />
      <div className="editor-panes">
        <div>
          <label htmlFor={id}>Output (Markdown)</label>
          <textarea
            id={id}
            className="mono"
            rows={12}
            value={text}
            aria-describedby={`${id}-draft`}
            onChange={(event) => {
              setText(event.target.value);
              autosave.changed(event.target.value);
            }}
          />
          <DraftStatus id={`${id}-draft`} state={autosave.state} />
        </div>
        <div className="preview" aria-label="Preview" role="region">
          <p className="preview-label">Preview</p>
          <Markdown text={text} sources={sources} />
        </div>
      </div>
      <p className="hint">
        Your text is kept as a draft while you type. Publishing makes it the section&apos;s text and marks the section as edited by hand: a later Generate asks
        before overwriting it.
      </p>
      <div className="form-actions">
        <button type="button" disabled={busy} onClick={() => void act(() => putSectionOutput(client, documentId, section.id, text), true)}>
          Publish edit
        </button>
        {hasDraft ? (
          <button
            type="button"
            className="button-quiet"
            disabled={busy}
            onClick={() => void act(() => discardSectionDraft(client, documentId, section.id), false)}
          >
            Discard draft
          </button>
        ) : null}
        <button type="button" className="button-quiet" disabled={busy} onClick={() => onDone(false)}>
          Close
        </button>
      </div>
    </div>
  );
}

/** Where the draft stands, announced politely (a screen reader hears "Draft saved" once it is). */
function DraftStatus({ id, state }: { id: string; state: DraftState }) {
  const words: Record<DraftState['kind'], string> = {
    none: 'No draft: the section shows its published text.',
    unsaved: 'Editing…',
    saving: 'Saving draft…',
    saved: state.kind === 'saved' ? `Draft saved ${formatDate(state.at)}. Not published yet.` : '',
    failed: state.kind === 'failed' ? `The draft could not be saved: ${errorText(state.error)}` : '',
  };
  return (
    <p id={id} className={`draft-status draft-${state.kind}`} role="status" data-testid="draft-status">
      {words[state.kind]}
    </p>
  );
}
