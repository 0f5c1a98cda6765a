/**
 * A new document from a template: the form is generated from the template's field definitions
 * (their types, labels, required marks, enum options, defaults). Sent with the browser's own
 * validation off so the server's 422 messages — one rule set — appear at the fields they name.
 */
import { type FieldModel, createDocument, unwrap } from '@quire/client';
import { type FormEvent, useState } from 'react';
import { ErrorNotice, fieldErrors } from '../../shell/api-errors';
import { usePageTitle } from '../../shell/page-title';
import { navigate } from '../../shell/router';
import { useReadySession } from '../../shell/session';
import { useLoad } from '../../shell/use-load';
import { FieldInput } from '../documents/field-input';
import type { PageProps } from '../page-entry';

export function NewDocumentPage({ params }: PageProps) {
  const session = useReadySession();
  const template = useLoad(
    async () => unwrap(await session.client.v1.GET('/v1/templates/{slug}', { params: { path: { slug: params.slug } } })),
    [session.client, params.slug],
  );
  usePageTitle(template.data ? `New ${template.data.document.title}` : 'New document');
  if (template.state === 'failed') return <ErrorNotice error={template.error} title="Could not load the template" />;
  if (!template.data) return <p role="status">Loading the template…</p>;
  return <NewDocumentForm templateId={template.data.document.id} templateTitle={template.data.document.title} fields={template.data.fields} />;
}

function NewDocumentForm({ templateId, templateTitle, fields }: { templateId: string; templateTitle: string; fields: FieldModel[] }) {
  const session = useReadySession();
  const [title, setTitle] = useState('');
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(fields.map((field) => [field.key, field.value ?? ''])));
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const errors = fieldErrors(
    error,
    fields.map((field) => field.key),
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const filled = Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''));
      const created = await createDocument(session.client, { templateId, title: title.trim() || null, fields: filled });
      navigate(`/documents/${encodeURIComponent(created.document.id)}`);
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="new-title">
      <h1 id="new-title">New document: {templateTitle}</h1>
      <p className="hint">
        Fields marked <span className="required">*</span> are required before the document can be generated; you can also fill them in later.
      </p>
      <form noValidate onSubmit={submit} className="card" aria-labelledby="new-title">
        {errors[''] ? <ErrorNotice error={new Error(errors[''].join('; '))} title="Could not create the document" /> : null}
        <div className="field">
          <label htmlFor="document-title">Document title</label>
          <input id="document-title" value={title} onChange={(event) => setTitle(event.target.value)} placeholder={templateTitle} />
        </div>
        <div className="form-grid">
          {fields.map((field) => (
            <FieldInput
              key={field.key}
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
            {busy ? 'Creating…' : 'Create document'}
          </button>
        </div>
      </form>
    </section>
  );
}
