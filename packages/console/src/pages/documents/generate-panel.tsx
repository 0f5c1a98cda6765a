/**
 * Generate: starts a run and follows it. When sections were edited by hand the server refuses
 * (409) until the user chooses: overwrite them (force) or keep them and regenerate the rest
 * (keep my edits) — the choice is explained here, never made silently.
 */
import { GenerateConflict, type GenerateBody, type QuireClient, startGeneration } from '@quire/client';
import { useState } from 'react';
import { ErrorNotice } from '../../shell/api-errors';

export function GenerateButton({ client, documentId, disabled, onStarted }: { client: QuireClient; documentId: string; disabled: boolean; onStarted(): void }) {
  const [conflict, setConflict] = useState<string[] | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);

  const start = async (body: GenerateBody) => {
    setBusy(true);
    setError(undefined);
    try {
      await startGeneration(client, documentId, body);
      setConflict(undefined);
      onStarted();
    } catch (failure) {
      if (failure instanceof GenerateConflict) setConflict(failure.editedSectionTitles);
      else setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="generate">
      <button type="button" disabled={disabled || busy} onClick={() => void start({})}>
        Generate
      </button>
      <ErrorNotice error={error} title="Could not start generation" />
      {conflict ? (
        <div className="card conflict" role="alertdialog" aria-labelledby="conflict-title" aria-describedby="conflict-text">
          <h3 id="conflict-title">Some sections were edited by hand</h3>
          <p id="conflict-text">
            {conflict.join(', ')} {conflict.length === 1 ? 'was' : 'were'} changed by hand since the last run. <strong>Keep my edits</strong> regenerates every
            other section and leaves these as they are; <strong>Overwrite</strong> regenerates all of them and replaces your edits (they stay in each
            section&apos;s version history).
          </p>
          <div className="form-actions">
            <button type="button" disabled={busy} onClick={() => void start({ preserveEdited: true })}>
              Keep my edits
            </button>
            <button type="button" className="button-danger" disabled={busy} onClick={() => void start({ force: true })}>
              Overwrite
            </button>
            <button type="button" className="button-quiet" disabled={busy} onClick={() => setConflict(undefined)}>
              Cancel
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
