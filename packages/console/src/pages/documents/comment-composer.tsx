/**
 * Writing a comment: the text, and a member picker that puts `@name` in the text and keeps the
 * member's id, so the mention survives a name two people share.
 */
import type { Person } from '@quire/client';
import { useId, useState } from 'react';

interface Props {
  people: Person[];
  label: string;
  submitLabel: string;
  onSubmit(body: string, mentions: string[]): Promise<boolean>;
}

export function CommentComposer({ people, label, submitLabel, onSubmit }: Props) {
  const id = useId();
  const [text, setText] = useState('');
  const [mentions, setMentions] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const mention = (userId: string) => {
    const person = people.find((p) => p.userId === userId);
    if (!person) return;
    setText((t) => `${t}${t && !t.endsWith(' ') ? ' ' : ''}@${person.name} `);
    setMentions((m) => (m.includes(userId) ? m : [...m, userId]));
  };
  const submit = async () => {
    setBusy(true);
    const ok = await onSubmit(
      text.trim(),
      mentions.filter((userId) => text.includes(`@${people.find((p) => p.userId === userId)?.name ?? ''}`)),
    );
    setBusy(false);
    if (ok) {
      setText('');
      setMentions([]);
    }
  };
  return (
    <div className="comment-composer">
      <label htmlFor={`${id}-text`}>{label}</label>
      <textarea id={`${id}-text`} rows={3} value={text} onChange={(event) => setText(event.target.value)} />
      <div className="form-actions">
        <label htmlFor={`${id}-mention`}>Mention</label>
        <select id={`${id}-mention`} value="" onChange={(event) => mention(event.target.value)}>
          <option value="">a member…</option>
          {people.map((p) => (
            <option key={p.userId} value={p.userId}>
              {p.name}
              {p.email && p.email !== p.name ? ` (${p.email})` : ''}
            </option>
          ))}
        </select>
        <button type="button" disabled={busy || text.trim() === ''} onClick={() => void submit()}>
          {submitLabel}
        </button>
      </div>
    </div>
  );
}
