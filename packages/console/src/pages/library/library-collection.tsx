/**
 * One library collection's page (texts, risk blocks, voices): the list as a table, a create
 * form, and per row an edit form and a delete that asks first. The area's pages differ only in
 * their fields, columns and calls, so they describe those and this draws them. What the role
 * cannot do is not offered (the server refuses it anyway with 403).
 */
import type { QuireClient } from '@quire/client';
import { type ReactNode, useState } from 'react';
import { ErrorNotice } from '../../shell/api-errors';
import { ListViewControls, type SortChoice, useListView } from '../../shell/list-view-controls';
import { usePageTitle } from '../../shell/page-title';
import { Link } from '../../shell/router';
import { useReadySession } from '../../shell/session';
import { useLoad } from '../../shell/use-load';
import type { ListSort, ListView } from './library-api';
import { type FieldSpec, type FormValues, RecordForm } from './record-form';

/** Every library list's orders, newest first by default (ADR 0683). */
const SORTS: readonly SortChoice<ListSort>[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'updated', label: 'Recently changed' },
  { value: 'name', label: 'Name (A to Z)' },
];

export interface Column<R> {
  header: string;
  cell(record: R): ReactNode;
}

export interface CollectionSpec<R extends { id: string }> {
  /** "Texts" — the page's h1. */
  title: string;
  /** "text" — used in button names ("New text", "Edit text greeting"). */
  noun: string;
  intro: string;
  fields: readonly FieldSpec[];
  columns: readonly Column<R>[];
  /** The record's name in button labels and confirmations. */
  nameOf(record: R): string;
  /** The create form's starting values. */
  blank: FormValues;
  valuesOf(record: R): FormValues;
  /** The list in the view's order, narrowed by its name filter (the server sorts and filters). */
  list(client: QuireClient, view: ListView): Promise<R[]>;
  /** What the name filter matches ("Key or name contains"). */
  filterLabel?: string;
  /** Creates the record; a string answer replaces the "Created" notice (a webhook's one-time secret). */
  create(client: QuireClient, values: FormValues): Promise<unknown>;
  /** Absent when the API offers no update (tool registrations): no Edit button then. */
  update?(client: QuireClient, id: string, values: FormValues): Promise<unknown>;
  remove(client: QuireClient, id: string): Promise<void>;
  /** Whether the role may create, edit and delete. */
  mayEdit: boolean;
  /** Why the role may not (shown instead of the forms). */
  readOnlyReason: string;
  /** Extra actions on a row (a risk block's approval); `done` reloads the list. */
  rowActions?(record: R, done: () => void): ReactNode;
}

export function LibraryCollection<R extends { id: string }>({ spec }: { spec: CollectionSpec<R> }) {
  usePageTitle(spec.title);
  const session = useReadySession();
  const client = session.client;
  const view = useListView(SORTS);
  const records = useLoad(() => spec.list(client, { sort: view.sort, q: view.q || undefined }), [client, spec, view.sort, view.q]);
  const filtered = view.q !== '';
  const [editing, setEditing] = useState<string | undefined>(undefined);
  const [actionError, setActionError] = useState<unknown>(undefined);
  const [notice, setNotice] = useState<string | undefined>(undefined);
  const headingId = `${spec.noun.replace(/\W+/g, '-')}-title`;
  const createId = `${headingId}-new`;

  const remove = async (record: R) => {
    if (!window.confirm(`Delete the ${spec.noun} "${spec.nameOf(record)}"?`)) return;
    setActionError(undefined);
    try {
      await spec.remove(client, record.id);
      setNotice(`Deleted the ${spec.noun} "${spec.nameOf(record)}".`);
      records.reload();
    } catch (failure) {
      setActionError(failure);
    }
  };

  return (
    <section aria-labelledby={headingId}>
      <p className="crumbs">
        <Link to="/library">Library</Link>
      </p>
      <h1 id={headingId}>{spec.title}</h1>
      <p className="hint">{spec.intro}</p>
      {spec.mayEdit ? null : <p className="notice">{spec.readOnlyReason}</p>}
      <ListViewControls noun={spec.title.toLowerCase()} filterLabel={spec.filterLabel ?? 'Name contains'} choices={SORTS} />
      <ErrorNotice error={records.error} title={`Could not list the ${spec.title.toLowerCase()}`} />
      <ErrorNotice error={actionError} title="Not done" />
      <div role="status" className={notice ? 'notice notice-ok' : undefined}>
        {notice}
      </div>
      {records.state === 'loading' ? <p role="status">Loading…</p> : null}
      {records.data?.length === 0 ? <p className="empty">{filtered ? `No ${spec.noun} matches this search.` : `No ${spec.title.toLowerCase()} yet.`}</p> : null}
      {records.data && records.data.length > 0 ? (
        <table className="table" data-testid="library-list">
          <caption className="visually-hidden">{spec.title}</caption>
          <thead>
            <tr>
              {spec.columns.map((column) => (
                <th key={column.header} scope="col">
                  {column.header}
                </th>
              ))}
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {records.data.map((record) => (
              <Row
                key={record.id}
                record={record}
                spec={spec}
                editing={editing === record.id}
                onEdit={() => setEditing(record.id)}
                onDone={() => setEditing(undefined)}
                onRemove={() => void remove(record)}
                reload={records.reload}
                setNotice={setNotice}
              />
            ))}
          </tbody>
        </table>
      ) : null}
      {spec.mayEdit ? (
        <>
          <h2 id={createId} className="library-new">
            New {spec.noun}
          </h2>
          <RecordForm
            fields={spec.fields}
            initial={spec.blank}
            submitLabel={`Create ${spec.noun}`}
            labelledBy={createId}
            resetOnSuccess
            onSubmit={async (values) => {
              setNotice(undefined);
              const message = await spec.create(client, values);
              setNotice(typeof message === 'string' ? message : `Created the ${spec.noun}.`);
              records.reload();
            }}
          />
        </>
      ) : null}
    </section>
  );
}

interface RowProps<R extends { id: string }> {
  record: R;
  spec: CollectionSpec<R>;
  editing: boolean;
  onEdit(): void;
  onDone(): void;
  onRemove(): void;
  reload(): void;
  setNotice(notice: string | undefined): void;
}

function Row<R extends { id: string }>({ record, spec, editing, onEdit, onDone, onRemove, reload, setNotice }: RowProps<R>) {
  const session = useReadySession();
  const name = spec.nameOf(record);
  const editId = `edit-${record.id}`;
  return (
    <>
      <tr>
        {spec.columns.map((column) => (
          <td key={column.header}>{column.cell(record)}</td>
        ))}
        <td>
          <div className="form-actions">
            {spec.rowActions?.(record, reload)}
            {spec.mayEdit ? (
              <>
                {spec.update ? (
                  <button
                    type="button"
                    className="button-quiet"
                    aria-label={`Edit ${spec.noun} ${name}`}
                    aria-expanded={editing}
                    onClick={editing ? onDone : onEdit}
                  >
                    Edit
                  </button>
                ) : null}
                <button type="button" className="button-quiet" aria-label={`Delete ${spec.noun} ${name}`} onClick={onRemove}>
                  Delete
                </button>
              </>
            ) : null}
          </div>
        </td>
      </tr>
      {editing && spec.update ? (
        <tr>
          <td colSpan={spec.columns.length + 1}>
            <h2 id={editId}>
              Edit {spec.noun} {name}
            </h2>
            <RecordForm
              fields={spec.fields}
              initial={spec.valuesOf(record)}
              submitLabel="Save changes"
              labelledBy={editId}
              onCancel={onDone}
              onSubmit={async (values) => {
                setNotice(undefined);
                await spec.update?.(session.client, record.id, values);
                setNotice(`Saved the ${spec.noun} "${name}".`);
                onDone();
                reload();
              }}
            />
          </td>
        </tr>
      ) : null}
    </>
  );
}
