/**
 * Suggestion mode of a section: editors propose a new text; the pending proposals show as a word
 * diff against the text they were written on, and editors accept or reject them
 * (docs/adr/0612-suggested-edits.md). Accepting a stale proposal is refused by the service (409).
 */
import { type QuireClient, type Suggestion, decideSuggestion, proposeSuggestion } from '@quire/client';
import { useId, useState } from 'react';
import { ErrorNotice } from '../../shell/api-errors';

interface Props {
  client: QuireClient;
  documentId: string;
  sectionId: string;
  content: string;
  suggestions: Suggestion[];
  canDecide: boolean;
  proposing: boolean;
  onProposed(): void;
  onChanged(): void;
}

export function SectionSuggestions({ client, documentId, sectionId, content, suggestions, canDecide, proposing, onProposed, onChanged }: Props) {
  const [error, setError] = useState<unknown>(undefined);
  const act = async (call: () => Promise<unknown>, after: () => void) => {
    setError(undefined);
    try {
      await call();
      after();
    } catch (failure) {
      setError(failure);
    }
  };
  return (
    <div className="suggestions">
      <ErrorNotice error={error} title="Suggestion" />
      {proposing ? (
        <ProposalForm
          content={content}
          onCancel={onProposed}
          onPropose={(text, note) =>
            act(
              () => proposeSuggestion(client, documentId, sectionId, { content: text, note }),
              () => {
                onProposed();
                onChanged();
              },
            )
          }
        />
      ) : null}
      {suggestions.map((s) => (
        <section key={s.id} className="suggestion" data-testid="suggestion" aria-label={`Suggestion by ${s.author.name}`}>
          <p className="comment-meta">
            <strong>{s.author.name}</strong> suggests{s.note ? `: ${s.note}` : ''}
            {s.stale ? <span className="badge badge-stale"> the section changed since</span> : null}
          </p>
          <p className="word-diff" data-testid="suggestion-diff">
            {s.diff.map((part, index) =>
              part.op === 'insert' ? (
                <ins key={index}>{part.text}</ins>
              ) : part.op === 'delete' ? (
                <del key={index}>{part.text}</del>
              ) : (
                <span key={index}>{part.text}</span>
              ),
            )}
          </p>
          {canDecide ? (
            <div className="form-actions">
              <button type="button" onClick={() => void act(() => decideSuggestion(client, documentId, s.id, 'accept'), onChanged)}>
                Accept suggestion
              </button>
              <button type="button" className="button-quiet" onClick={() => void act(() => decideSuggestion(client, documentId, s.id, 'reject'), onChanged)}>
                Reject suggestion
              </button>
            </div>
          ) : null}
        </section>
      ))}
    </div>
  );
}

function ProposalForm({ content, onPropose, onCancel }: { content: string; onPropose(text: string, note?: string): Promise<void>; onCancel(): void }) {
  const id = useId();
  const [text, setText] = useState(content);
  const [note, setNote] = useState('');
  return (
    <div className="editor">
      <label htmlFor={`${id}-text`}>Suggested text</label>
      <textarea id={`${id}-text`} className="mono" rows={8} value={text} onChange={(event) => setText(event.target.value)} />
      <label htmlFor={`${id}-note`}>Why (optional)</label>
      <input id={`${id}-note`} value={note} onChange={(event) => setNote(event.target.value)} />
      <div className="form-actions">
        <button type="button" disabled={text === content} onClick={() => void onPropose(text, note.trim() || undefined)}>
          Propose
        </button>
        <button type="button" className="button-quiet" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
