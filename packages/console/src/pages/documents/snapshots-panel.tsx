/**
 * Snapshots (labelled copies of every section, restorable) and generation snapshots (one per
 * run, with its manifest): pick two runs to see which sections' output changed and why.
 */
import {
  type GenerationSnapshotDiff,
  type QuireClient,
  createSnapshot,
  diffGenerationSnapshots,
  listGenerationSnapshots,
  listSnapshots,
  restoreSnapshot,
} from '@quire/client';
import { useState } from 'react';
import { ErrorNotice } from '../../shell/api-errors';
import { useLoad } from '../../shell/use-load';
import { formatDate } from '../../shell/format-date';

export function SnapshotsPanel({
  client,
  documentId,
  canEdit,
  refreshKey,
  onRestored,
}: {
  client: QuireClient;
  documentId: string;
  canEdit: boolean;
  refreshKey: number;
  onRestored(): void;
}) {
  const snapshots = useLoad(() => listSnapshots(client, documentId), [client, documentId, refreshKey]);
  const runs = useLoad(() => listGenerationSnapshots(client, documentId), [client, documentId, refreshKey]);
  const [label, setLabel] = useState('');
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [diff, setDiff] = useState<GenerationSnapshotDiff | undefined>(undefined);

  const act = async (action: () => Promise<unknown>, after: () => void) => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
      after();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  const runList = runs.data ?? [];
  return (
    <section className="card" aria-labelledby="snapshots-title">
      <h2 id="snapshots-title">Snapshots</h2>
      <ErrorNotice error={error ?? snapshots.error ?? runs.error} />
      {canEdit ? (
        <form
          className="form-actions"
          onSubmit={(event) => {
            event.preventDefault();
            void act(
              () => createSnapshot(client, documentId, label.trim() || null),
              () => {
                setLabel('');
                snapshots.reload();
              },
            );
          }}
        >
          <label htmlFor="snapshot-label">Label</label>
          <input id="snapshot-label" value={label} onChange={(event) => setLabel(event.target.value)} placeholder="e.g. Sent to client" />
          <button type="submit" disabled={busy}>
            Take snapshot
          </button>
        </form>
      ) : null}
      {snapshots.data?.length ? (
        <ul className="plain-list" data-testid="snapshots">
          {snapshots.data.map((snapshot) => (
            <li key={snapshot.id}>
              {snapshot.label} — {formatDate(snapshot.createdAt)}{' '}
              {canEdit ? (
                <button
                  type="button"
                  className="button-quiet"
                  disabled={busy}
                  onClick={() => void act(() => restoreSnapshot(client, documentId, snapshot.id), onRestored)}
                >
                  Restore {snapshot.label}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty">No snapshots yet.</p>
      )}

      <h3>Generation runs</h3>
      {runList.length === 0 ? <p className="empty">No run yet.</p> : null}
      {runList.length > 0 ? (
        <ul className="plain-list" data-testid="generation-snapshots">
          {runList.map((run) => (
            <li key={run.id}>
              Run {run.runId} — {formatDate(run.createdAt)}, {run.sectionCount} sections
            </li>
          ))}
        </ul>
      ) : null}
      {runList.length >= 2 ? (
        <form
          className="form-actions"
          onSubmit={(event) => {
            event.preventDefault();
            void act(
              async () => setDiff(await diffGenerationSnapshots(client, documentId, from || runList[1].id, to || runList[0].id)),
              () => undefined,
            );
          }}
        >
          <label htmlFor="diff-from">From</label>
          <select id="diff-from" value={from || runList[1].id} onChange={(event) => setFrom(event.target.value)}>
            {runList.map((run) => (
              <option key={run.id} value={run.id}>
                Run {run.runId}
              </option>
            ))}
          </select>
          <label htmlFor="diff-to">to</label>
          <select id="diff-to" value={to || runList[0].id} onChange={(event) => setTo(event.target.value)}>
            {runList.map((run) => (
              <option key={run.id} value={run.id}>
                Run {run.runId}
              </option>
            ))}
          </select>
          <button type="submit" disabled={busy}>
            Compare runs
          </button>
        </form>
      ) : null}
      {diff ? (
        <div data-testid="generation-diff">
          <p>{diff.identical ? 'No section output changed between these runs.' : 'Sections whose output changed:'}</p>
          <ul className="plain-list">
            {diff.sections
              .filter((section) => section.changed)
              .map((section) => (
                <li key={section.sectionId}>
                  <strong>{section.title}</strong>:{' '}
                  {section.causes.length ? section.causes.map((cause) => `${cause.kind}: ${cause.detail}`).join('; ') : 'changed'}
                </li>
              ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
