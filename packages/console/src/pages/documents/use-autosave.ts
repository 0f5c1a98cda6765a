/**
 * Autosave of a section's draft (ADR 0621): the text is sent to the server a moment after the
 * last keystroke (not on every one), one save at a time — a save that finishes after a newer
 * keystroke is followed by another — so the server ends with the last text typed.
 */
import { type QuireClient, saveSectionDraft } from '@quire/client';
import { useCallback, useEffect, useRef, useState } from 'react';

/** How long typing must pause before the draft is saved. */
export const AUTOSAVE_DELAY_MS = 800;

export type DraftState = { kind: 'none' } | { kind: 'unsaved' } | { kind: 'saving' } | { kind: 'saved'; at: string } | { kind: 'failed'; error: unknown };

export function useAutosave(client: QuireClient, documentId: string, sectionId: string, initial: DraftState) {
  const [state, setState] = useState<DraftState>(initial);
  const pending = useRef<string | undefined>(undefined);
  const saving = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = useCallback(async () => {
    if (saving.current || pending.current === undefined) return;
    const text = pending.current;
    pending.current = undefined;
    saving.current = true;
    setState({ kind: 'saving' });
    try {
      const draft = await saveSectionDraft(client, documentId, sectionId, text);
      saving.current = false;
      if (pending.current === undefined) setState({ kind: 'saved', at: draft.updatedAt });
      else void flush();
    } catch (error) {
      saving.current = false;
      setState({ kind: 'failed', error });
    }
  }, [client, documentId, sectionId]);

  const changed = useCallback(
    (text: string) => {
      pending.current = text;
      setState({ kind: 'unsaved' });
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
    },
    [flush],
  );

  /** Stops a save still waiting for its pause (publishing or discarding makes it moot). */
  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    pending.current = undefined;
  }, []);

  // Leaving the editor saves what was typed last instead of dropping it.
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      if (pending.current !== undefined) void flush();
    },
    [flush],
  );
  return { state, changed, cancel };
}
