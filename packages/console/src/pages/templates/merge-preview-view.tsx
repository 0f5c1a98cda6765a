/** A merge run's preview: columns → fields (each changeable), what is left out or missing, the first rows, the problems. */
import type { FieldModel } from '@quire/client';
import type { MergePreview } from './merge-api';

const BY: Record<string, string> = { mapping: 'chosen here', key: 'same name as the field', label: 'same as the field’s label' };

function ColumnRow(props: {
  column: MergePreview['columns'][number];
  fields: FieldModel[];
  busy: boolean;
  onRemap(column: string, field: string | null): void;
}) {
  const { column } = props;
  const id = `merge-column-${column.column.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  return (
    <li>
      <label htmlFor={id}>
        Column <strong>{column.column}</strong>
      </label>{' '}
      <select id={id} value={column.field ?? ''} disabled={props.busy} onChange={(event) => props.onRemap(column.column, event.target.value || null)}>
        <option value="">— leave out —</option>
        {props.fields.map((field) => (
          <option key={field.key} value={field.key}>
            {field.label ?? field.key}
          </option>
        ))}
      </select>
      {column.by ? <span className="hint"> ({BY[column.by] ?? column.by})</span> : null}
    </li>
  );
}

function FirstRows({ preview }: { preview: MergePreview }) {
  const keys = [...new Set(preview.rows.flatMap((row) => Object.keys(row.fields)))];
  if (preview.rows.length === 0) return null;
  return (
    <>
      <h3>First rows</h3>
      <div className="table-scroll" tabIndex={0} role="region" aria-label="First rows as they will be filled">
        <table data-testid="merge-first-rows">
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">File</th>
              {keys.map((key) => (
                <th scope="col" key={key}>
                  {key}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row) => (
              <tr key={row.row}>
                <td>{row.row}</td>
                <td>{row.fileName}</td>
                {keys.map((key) => (
                  <td key={key}>{row.fields[key] ?? ''}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

export function MergePreviewView(props: {
  preview: MergePreview;
  fields: FieldModel[];
  busy: boolean;
  onRemap(column: string, field: string | null): void;
  onStart(): void;
}) {
  const { preview } = props;
  return (
    <div className="merge-preview" data-testid="merge-preview">
      <h3>Columns → fields</h3>
      <ul className="merge-columns">
        {preview.columns.map((column) => (
          <ColumnRow key={column.column} column={column} fields={props.fields} busy={props.busy} onRemap={props.onRemap} />
        ))}
      </ul>
      {preview.unmappedColumns.length > 0 ? <p className="hint">Left out (no field takes them): {preview.unmappedColumns.join(', ')}.</p> : null}
      {preview.missingRequired.length > 0 ? (
        <p className="notice notice-error" data-testid="merge-missing">
          Required fields no column fills: {preview.missingRequired.join(', ')}.
        </p>
      ) : null}
      <FirstRows preview={preview} />
      {preview.problemCount > 0 ? (
        <>
          <h3>Rows with problems ({preview.problemCount})</h3>
          <ul className="merge-problems">
            {preview.problems.map((problem, index) => (
              <li key={`${problem.row}:${problem.field}:${index}`}>
                Row {problem.row}, {problem.field}: {problem.message} {problem.kind === 'missing' ? '(this row will fail)' : '(stops the run)'}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {preview.refusal ? <p className="notice notice-error">Cannot start: {preview.refusal}</p> : null}
      <div className="form-actions">
        <button type="button" disabled={props.busy || preview.refusal !== null} onClick={props.onStart}>
          Start: {preview.rowCount} document{preview.rowCount === 1 ? '' : 's'}
        </button>
      </div>
    </div>
  );
}
