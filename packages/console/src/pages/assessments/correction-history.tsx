/**
 * A document's corrections, extracted → corrected with the reason: the `corrections` exporter
 * (the gold pairs the processors are measured against) read as the document's history.
 */
import { type QuireClient } from '@quire/client';
import { ErrorNotice } from '../../shell/api-errors';
import { useReadySession } from '../../shell/session';
import { useLoad } from '../../shell/use-load';
import { exportDocument } from './assessment-api';

interface GoldPair {
  key?: string;
  item_id?: string;
  extracted?: unknown;
  corrected?: unknown;
  reason?: string;
  note?: string | null;
  revision?: number;
  updated_at?: string;
}

async function loadCorrections(client: QuireClient, documentId: string): Promise<GoldPair[]> {
  const parsed: unknown = JSON.parse(await (await exportDocument(client, documentId, 'corrections')).text());
  const list = Array.isArray(parsed) ? parsed : typeof parsed === 'object' && parsed !== null ? Object.values(parsed).find(Array.isArray) : undefined;
  return (list ?? []) as GoldPair[];
}

const show = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

export function CorrectionHistory({ documentId, version }: { documentId: string; version: number }) {
  const { client } = useReadySession();
  const history = useLoad(() => loadCorrections(client, documentId), [client, documentId, version]);
  return (
    <section aria-labelledby="history-title" className="history">
      <h2 id="history-title">Corrections</h2>
      <ErrorNotice error={history.error} title="Could not read the corrections" />
      {history.data && history.data.length === 0 ? <p className="empty">No corrections yet.</p> : null}
      {history.data && history.data.length > 0 ? (
        <ul className="history-list" data-testid="correction-history">
          {history.data.map((pair, i) => (
            <li key={`${pair.item_id ?? i}:${pair.revision ?? i}`}>
              <strong>{pair.key}</strong>: {show(pair.extracted)} → {show(pair.corrected)}
              {pair.reason ? (
                <span className="hint">
                  {' '}
                  ({pair.reason.replace('_', ' ')}
                  {pair.note ? `: ${pair.note}` : ''})
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
