/**
 * A library record's form, drawn from a list of field specs (the library's records are flat:
 * strings, long texts, one-per-line lists, a choice). Sent with the browser's validation off so
 * the server's rules — one set — answer, and its 422 `{detail}` appears at the field it names.
 */
import { type FormEvent, useId, useState } from 'react';
import { ErrorNotice, fieldErrors } from '../../shell/api-errors';
import { FieldNotes, RequiredMark, describedByOf } from '../../shell/field-notes';

/** `checks`: several of `options`, kept as the chosen values one per line. */
export type FieldKind = 'text' | 'textarea' | 'lines' | 'select' | 'checks';

export interface FieldSpec {
  key: string;
  label: string;
  kind: FieldKind;
  required?: boolean;
  hint?: string;
  options?: readonly { value: string; label: string }[];
}

export type FormValues = Record<string, string>;

/**
 * The 422s by field: the validation list's `loc`, else a domain message that starts with the
 * field's key ("key must not be blank", "template does not parse: …"); the rest go under "".
 */
export function libraryFieldErrors(error: unknown, fields: readonly FieldSpec[]): Record<string, string[]> {
  const keys = fields.map((field) => field.key);
  const byKey = fieldErrors(error, keys);
  const general = byKey[''];
  if (!general) return byKey;
  const rest: string[] = [];
  for (const message of general) {
    const key = keys.find((candidate) => message.startsWith(`${candidate} `) || message.startsWith(`${candidate}:`));
    if (key) (byKey[key] ??= []).push(message);
    else rest.push(message);
  }
  if (rest.length > 0) byKey[''] = rest;
  else delete byKey[''];
  return byKey;
}

interface Props {
  fields: readonly FieldSpec[];
  initial: FormValues;
  submitLabel: string;
  /** The form's accessible name (a heading id nearby). */
  labelledBy: string;
  onSubmit(values: FormValues): Promise<void>;
  onCancel?(): void;
  /** Clear the inputs after a successful submit (the create form). */
  resetOnSuccess?: boolean;
}

export function RecordForm({ fields, initial, submitLabel, labelledBy, onSubmit, onCancel, resetOnSuccess }: Props) {
  const formId = useId();
  const [values, setValues] = useState<FormValues>(initial);
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const errors = libraryFieldErrors(error, fields);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await onSubmit(values);
      if (resetOnSuccess) setValues(initial);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="card" aria-labelledby={labelledBy}>
      {errors[''] ? <ErrorNotice error={new Error(errors[''].join('; '))} title="Not saved" /> : null}
      <div className="form-grid">
        {fields.map((field) => (
          <FieldControl
            key={field.key}
            id={`${formId}-${field.key}`}
            field={field}
            value={values[field.key] ?? ''}
            errors={errors[field.key]}
            disabled={busy}
            onChange={(value) => setValues((previous) => ({ ...previous, [field.key]: value }))}
          />
        ))}
      </div>
      <div className="form-actions">
        <button type="submit" disabled={busy}>
          {busy ? 'Saving…' : submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="button-quiet" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}

function FieldControl({
  id,
  field,
  value,
  errors,
  disabled,
  onChange,
}: {
  id: string;
  field: FieldSpec;
  value: string;
  errors: string[] | undefined;
  disabled: boolean;
  onChange(value: string): void;
}) {
  const hint = field.hint ?? (field.kind === 'lines' ? 'One per line.' : undefined);
  const describedBy = describedByOf(id, hint, errors);
  if (field.kind === 'checks')
    return <ChecksControl id={id} field={field} value={value} errors={errors} disabled={disabled} onChange={onChange} describedBy={describedBy} />;
  const common = {
    id,
    name: field.key,
    disabled,
    value,
    'aria-describedby': describedBy,
    'aria-invalid': errors?.length ? true : undefined,
    'aria-required': field.required || undefined,
  } as const;
  return (
    <div className="field">
      <label htmlFor={id}>
        {field.label}
        {field.required ? <RequiredMark /> : null}
      </label>
      {field.kind === 'select' ? (
        <select {...common} onChange={(event) => onChange(event.target.value)}>
          {(field.options ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : field.kind === 'text' ? (
        <input {...common} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <textarea {...common} rows={field.kind === 'lines' ? 3 : 4} onChange={(event) => onChange(event.target.value)} />
      )}
      <FieldNotes id={id} hint={hint} errors={errors} />
    </div>
  );
}

function ChecksControl({
  id,
  field,
  value,
  errors,
  disabled,
  onChange,
  describedBy,
}: {
  id: string;
  field: FieldSpec;
  value: string;
  errors: string[] | undefined;
  disabled: boolean;
  onChange(value: string): void;
  describedBy: string | undefined;
}) {
  const chosen = new Set(linesOf(value));
  const toggle = (option: string, on: boolean) => {
    const next = (field.options ?? []).map((o) => o.value).filter((o) => (o === option ? on : chosen.has(o)));
    onChange(next.join('\n'));
  };
  return (
    <fieldset className="field" aria-describedby={describedBy} aria-invalid={errors?.length ? true : undefined}>
      <legend>
        {field.label}
        {field.required ? <span className="visually-hidden"> (required)</span> : null}
      </legend>
      {(field.options ?? []).map((option) => (
        <label key={option.value} className="check">
          <input
            type="checkbox"
            name={field.key}
            value={option.value}
            checked={chosen.has(option.value)}
            disabled={disabled}
            onChange={(event) => toggle(option.value, event.target.checked)}
          />{' '}
          {option.label}
        </label>
      ))}
      <FieldNotes id={id} hint={field.hint} errors={errors} />
    </fieldset>
  );
}

/** A one-per-line field's lines, blank ones dropped. */
export function linesOf(value: string | undefined): string[] {
  return (value ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** An optional field's value: null when left blank (the API clears it on update, stores null on create). */
export function optional(value: string | undefined): string | null {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
}
