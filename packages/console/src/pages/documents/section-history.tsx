/**
 * A section's version history: pick a version, compare it with the current text or with the
 * version before it (line by line, and word by word inside a changed line), and restore it.
 */
import { type QuireClient, type SectionSummary, type SectionVersion, listSectionVersions, restoreSectionVersion } from '@quire/client';
import { useState } from 'react';
import { ErrorNotice } from '../../shell/api-errors';
import { formatDate } from '../../shell/format-date';
import { stateLabel } from '../../shell/state-labels';
import { useLoad } from '../../shell/use-load';
import { DiffView } from './diff-view';

type Against = 'current' | 'previous';

interface Props {
  documentId: string;
  section: SectionSummary;
  client: QuireClient;
  canEdit: boolean;
  onRestored(): void;
}

const SOURCE_WORDS: Record<string, string> = { edited: 'edited by hand', restored: 'restored', generated: 'generated', captured: 'kept before a change' };
const describe = (v: SectionVersion) => `Version ${v.version} (${SOURCE_WORDS[v.source] ?? stateLabel(v.source).toLowerCase()})`;

export function SectionHistory({ documentId, section, client, canEdit, onRestored }: Props) {
  const loaded = useLoad(
    async () => [...(await listSectionVersions(client, documentId, section.id))].sort((x, y) => y.version - x.version),
    [client, documentId, section.id],
  );
  const versions: SectionVersion[] | undefined = loaded.data;
  // The version before the current one is what a user usually wants to compare with.
  const [picked, setChosen] = useState<number | undefined>(undefined);
  const [against, setAgainst] = useState<Against>('current');
  const chosen = picked ?? versions?.[1]?.version ?? versions?.[0]?.version;
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const index = versions?.findIndex((v) => v.version === chosen) ?? -1;
  const version = versions?.[index];
  const previous = versions?.[index + 1];
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
  const base = `section-${section.key}`;
  return (
    <div className="history" data-testid="section-history">
      <h4>Version history</h4>
      <ErrorNotice error={error ?? loaded.error} title="History" />
      {versions === undefined ? <p role="status">Loading versions…</p> : null}
      {versions?.length === 0 ? <p className="empty">No versions yet.</p> : null}
      {versions && versions.length > 0 ? (
        <>
          <div className="history-pickers">
            <label htmlFor={`${base}-version`}>Version</label>{' '}
            <select id={`${base}-version`} value={chosen ?? ''} onChange={(event) => setChosen(Number(event.target.value))}>
              {versions.map((v) => (
                <option key={v.version} value={v.version}>
                  {describe(v)}, {formatDate(v.createdAt)}
                </option>
              ))}
            </select>{' '}
            <label htmlFor={`${base}-against`}>compared with</label>{' '}
            <select id={`${base}-against`} value={against} onChange={(event) => setAgainst(event.target.value as Against)}>
              <option value="current">the current text</option>
              <option value="previous">the version before it</option>
            </select>
          </div>
          {version && against === 'current' ? (
            <DiffView before={version.content ?? ''} after={section.content ?? ''} beforeLabel={describe(version)} afterLabel="Current" />
          ) : null}
          {version && against === 'previous' ? (
            previous ? (
              <DiffView before={previous.content ?? ''} after={version.content ?? ''} beforeLabel={describe(previous)} afterLabel={describe(version)} />
            ) : (
              <p className="hint">This is the first version: there is none before it.</p>
            )
          ) : null}
          {version && canEdit ? (
            <button type="button" disabled={busy} onClick={() => void restore()}>
              Restore version {version.version}
            </button>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
