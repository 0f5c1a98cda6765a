/** The document's fields, editable by editors: saved together, refusals shown at each field. */
import { type FieldModel, type QuireClient, putFields } from '@quire/client';
import { type FormEvent, useState } from 'react';
import { ErrorNotice, fieldErrors } from '../../shell/api-errors';
import { FieldInput } from './field-input';

export function FieldsPanel({
  client,
  documentId,
  fields,
  canEdit,
  onSaved,
}: {
  client: QuireClient;
  documentId: string;
  fields: FieldModel[];
  canEdit: boolean;
  onSaved(): void;
}) {
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(fields.map((field) => [field.key, field.value ?? ''])));
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const errors = fieldErrors(
    error,
    fields.map((field) => field.key),
  );
  const changed = fields.filter((field) => (values[field.key] ?? '') !== (field.value ?? ''));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    setSaved(false);
    try {
      await putFields(client, documentId, Object.fromEntries(changed.map((field) => [field.key, values[field.key] ?? ''])));
      setSaved(true);
      onSaved();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  if (fields.length === 0) return null;
  return (
    <section className="card" aria-labelledby="fields-title">
      <h2 id="fields-title">Fields</h2>
      <form noValidate onSubmit={submit}>
        {errors[''] ? <ErrorNotice error={new Error(errors[''].join('; '))} title="Could not save the fields" /> : null}
        <div className="form-grid">
          {fields.map((field) => (
            <FieldInput
              key={field.key}
              field={field}
              value={values[field.key] ?? ''}
              errors={errors[field.key]}
              disabled={!canEdit || busy}
              onChange={(value) => {
                setSaved(false);
                setValues((previous) => ({ ...previous, [field.key]: value }));
              }}
            />
          ))}
        </div>
        {canEdit ? (
          <div className="form-actions">
            <button type="submit" disabled={busy || changed.length === 0}>
              Save fields
            </button>
            {saved ? <span role="status">Saved.</span> : null}
          </div>
        ) : null}
      </form>
    </section>
  );
}
