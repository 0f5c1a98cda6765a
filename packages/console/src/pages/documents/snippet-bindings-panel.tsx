/**
 * The document's bound snippets, in binding order: which library snippets it uses, and which
 * entity plays each role their texts name. Editors bind one (at the end or before another),
 * change its roles, move it up or down, and unbind it (the snippet stays in the library).
 */
import type { QuireClient } from '@quire/client';
import { type FormEvent, useState } from 'react';
import { ErrorNotice } from '../../shell/api-errors';
import { useLoad } from '../../shell/use-load';
import { listSnippets } from '../library/library-api';
import { applyOrder, makeRoomAt, moved } from './binding-order';
import { type Entity, type SnippetBinding, bindSnippet, listBindings, listEntities, unbindSnippet, updateBinding } from './bindings-api';
import { EntityRolesInput, type RoleRow, entityBindingsOf, rowsOf } from './entity-roles-input';

/** The element a readiness gap about a binding links to. */
export const bindingAnchor = (bindingId: string) => `binding-${bindingId}`;

interface Props {
  client: QuireClient;
  documentId: string;
  canEdit: boolean;
  refreshKey: number;
  onChanged(): void;
}

export function SnippetBindingsPanel({ client, documentId, canEdit, refreshKey, onChanged }: Props) {
  const bindings = useLoad(() => listBindings(client, documentId), [client, documentId, refreshKey]);
  const entities = useLoad(() => listEntities(client), [client, refreshKey]);
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<string | undefined>(undefined);
  const list = bindings.data ?? [];
  const entityList = entities.data ?? [];

  /** Runs a change; true when it was made (the caller then closes its form). */
  const act = async (action: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
      return true;
    } catch (failure) {
      setError(failure);
      return false;
    } finally {
      setBusy(false);
      // Even a refused change may have moved others (making room): the workspace reloads, this list with it.
      onChanged();
    }
  };

  return (
    <section className="card" aria-labelledby="bindings-title">
      <h2 id="bindings-title">Snippets</h2>
      <p className="hint">Library snippets this document uses, in order, with the entity that plays each role in their texts.</p>
      <ErrorNotice error={error ?? bindings.error ?? entities.error} title="Not done" />
      {bindings.state === 'loading' ? <p role="status">Loading…</p> : null}
      {bindings.data && list.length === 0 ? <p className="empty">No snippet is bound.</p> : null}
      {list.length > 0 ? (
        <ol className="bindings" data-testid="bindings">
          {list.map((binding, index) => {
            const key = binding.snippet?.key ?? binding.snippetId;
            return (
              <li key={binding.id} id={bindingAnchor(binding.id)} tabIndex={-1} aria-label={`Snippet ${key}`}>
                <div className="binding-head">
                  <strong>{binding.snippet?.name || key}</strong> <code>{key}</code>
                  {canEdit ? (
                    <span className="section-actions">
                      <button
                        type="button"
                        className="button-quiet"
                        disabled={busy || index === 0}
                        aria-label={`Move ${key} up`}
                        onClick={() => void act(() => applyOrder(client, documentId, moved(list, index, -1)))}
                      >
                        ↑
                      </button>
                      <button
                        type="button"
                        className="button-quiet"
                        disabled={busy || index === list.length - 1}
                        aria-label={`Move ${key} down`}
                        onClick={() => void act(() => applyOrder(client, documentId, moved(list, index, 1)))}
                      >
                        ↓
                      </button>
                      <button
                        type="button"
                        className="button-quiet"
                        aria-expanded={editing === binding.id}
                        aria-label={`Change roles of ${key}`}
                        onClick={() => setEditing(editing === binding.id ? undefined : binding.id)}
                      >
                        Roles
                      </button>
                      <button
                        type="button"
                        className="button-quiet"
                        disabled={busy}
                        aria-label={`Unbind ${key}`}
                        onClick={() => void act(() => unbindSnippet(client, documentId, binding.id))}
                      >
                        Unbind
                      </button>
                    </span>
                  ) : null}
                </div>
                <p className="hint">
                  {binding.snippet
                    ? binding.snippet.items.length
                      ? binding.snippet.items.map((item) => `${item.itemType}:${item.itemKey}`).join(', ')
                      : 'no items'
                    : 'This snippet is no longer in the library.'}
                </p>
                <RolesSummary bindings={binding.entityBindings} entities={entityList} />
                {editing === binding.id ? (
                  <RolesForm
                    key={binding.updatedAt}
                    idPrefix={`binding-${binding.id}`}
                    title={`Roles of ${key}`}
                    initial={rowsOf(binding.entityBindings)}
                    entities={entityList}
                    busy={busy}
                    onCancel={() => setEditing(undefined)}
                    onSave={async (rows) => {
                      if (await act(() => updateBinding(client, documentId, binding.id, { entityBindings: entityBindingsOf(rows) }))) setEditing(undefined);
                    }}
                  />
                ) : null}
              </li>
            );
          })}
        </ol>
      ) : null}
      {canEdit ? <BindForm client={client} documentId={documentId} bindings={list} entities={entityList} busy={busy} act={act} /> : null}
    </section>
  );
}

function RolesSummary({ bindings, entities }: { bindings: Record<string, string>; entities: readonly Entity[] }) {
  const roles = Object.entries(bindings);
  if (roles.length === 0) return <p className="hint">No roles set.</p>;
  return (
    <ul className="plain-list" aria-label="Roles">
      {roles.map(([role, entityId]) => (
        <li key={role}>
          {role} → {entities.find((entity) => entity.id === entityId)?.name ?? entityId}
        </li>
      ))}
    </ul>
  );
}

function RolesForm({
  idPrefix,
  title,
  initial,
  entities,
  busy,
  onSave,
  onCancel,
}: {
  idPrefix: string;
  title: string;
  initial: RoleRow[];
  entities: readonly Entity[];
  busy: boolean;
  onSave(rows: RoleRow[]): Promise<void>;
  onCancel(): void;
}) {
  const [rows, setRows] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSave(rows);
  };
  return (
    <form noValidate aria-label={title} onSubmit={submit}>
      <EntityRolesInput idPrefix={idPrefix} rows={rows} entities={entities} disabled={busy} onChange={setRows} />
      <div className="form-actions">
        <button type="submit" disabled={busy}>
          Save roles
        </button>
        <button type="button" className="button-quiet" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

const AT_END = '';

function BindForm({
  client,
  documentId,
  bindings,
  entities,
  busy,
  act,
}: {
  client: QuireClient;
  documentId: string;
  bindings: readonly SnippetBinding[];
  entities: readonly Entity[];
  busy: boolean;
  act(action: () => Promise<unknown>): Promise<boolean>;
}) {
  const snippets = useLoad(() => listSnippets(client), [client]);
  const [snippetId, setSnippetId] = useState('');
  const [rows, setRows] = useState<RoleRow[]>(rowsOf(undefined));
  const [before, setBefore] = useState(AT_END);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const index = bindings.findIndex((binding) => binding.id === before);
    const entityBindings = entityBindingsOf(rows);
    const done = await act(async () => {
      if (index < 0) return bindSnippet(client, documentId, { snippetId, entityBindings });
      // The server places a binding by ordinal; make that ordinal free first, so it lands exactly there.
      await makeRoomAt(client, documentId, bindings, index);
      return bindSnippet(client, documentId, { snippetId, entityBindings, ordinal: index });
    });
    if (done) {
      setSnippetId('');
      setRows(rowsOf(undefined));
      setBefore(AT_END);
    }
  };
  return (
    <form noValidate aria-labelledby="bind-title" onSubmit={(event) => void submit(event)}>
      <h3 id="bind-title">Bind a snippet</h3>
      <ErrorNotice error={snippets.error} title="Could not list the snippets" />
      <div className="field">
        <label htmlFor="bind-snippet">Snippet</label>
        <select id="bind-snippet" value={snippetId} disabled={busy} onChange={(event) => setSnippetId(event.target.value)}>
          <option value="">— choose —</option>
          {(snippets.data ?? []).map((snippet) => (
            <option key={snippet.id} value={snippet.id}>
              {snippet.name ? `${snippet.name} (${snippet.key})` : snippet.key}
            </option>
          ))}
        </select>
      </div>
      <EntityRolesInput idPrefix="bind" rows={rows} entities={entities} disabled={busy} onChange={setRows} />
      <div className="field">
        <label htmlFor="bind-position">Position</label>
        <select id="bind-position" value={before} disabled={busy} onChange={(event) => setBefore(event.target.value)}>
          <option value={AT_END}>At the end</option>
          {bindings.map((binding) => (
            <option key={binding.id} value={binding.id}>
              Before {binding.snippet?.key ?? binding.snippetId}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" disabled={busy}>
        Bind snippet
      </button>
    </form>
  );
}
