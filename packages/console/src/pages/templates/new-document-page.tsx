/**
 * A new document from a template, asked as an interview (issue 33, item 3): the template's steps
 * one at a time with a progress indicator, questions that appear and disappear as earlier answers
 * change (the server's own evaluator, `@quire/interview`), help behind "Why do we ask?", each step
 * validated before Next by the rules readiness applies, Back keeping every answer. A template
 * without steps is one step of every field. The server's 422 messages still appear at the fields
 * they name, on the step that asks them.
 */
import { type FieldModel, createDocument, unwrap } from '@quire/client';
import { type Interview, askedFields, interviewSteps, stepProblems } from '@quire/interview';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { ErrorNotice, fieldErrors } from '../../shell/api-errors';
import { usePageTitle } from '../../shell/page-title';
import { navigate } from '../../shell/router';
import { useReadySession } from '../../shell/session';
import { useLoad } from '../../shell/use-load';
import { fieldInputId } from '../documents/field-input';
import type { PageProps } from '../page-entry';
import { InterviewQuestion } from './interview-question';

export function NewDocumentPage({ params }: PageProps) {
  const session = useReadySession();
  const template = useLoad(async () => {
    const detail = unwrap(await session.client.v1.GET('/v1/templates/{slug}', { params: { path: { slug: params.slug } } }));
    const config = unwrap(await session.client.v1.GET('/v1/documents/{document_id}/config', { params: { path: { document_id: detail.document.id } } }));
    return { detail, interview: config.interview as Interview };
  }, [session.client, params.slug]);
  usePageTitle(template.data ? `New ${template.data.detail.document.title}` : 'New document');
  if (template.state === 'failed') return <ErrorNotice error={template.error} title="Could not load the template" />;
  if (!template.data) return <p role="status">Loading the template…</p>;
  const { detail, interview } = template.data;
  return <NewDocumentInterview templateId={detail.document.id} templateTitle={detail.document.title} fields={detail.fields} interview={interview} />;
}

interface InterviewProps {
  templateId: string;
  templateTitle: string;
  fields: FieldModel[];
  interview: Interview;
}

function NewDocumentInterview({ templateId, templateTitle, fields, interview }: InterviewProps) {
  const session = useReadySession();
  const steps = useMemo(
    () =>
      interviewSteps(
        interview,
        fields.map((f) => f.key),
      ),
    [interview, fields],
  );
  const fieldByKey = useMemo(() => new Map(fields.map((f) => [f.key, f])), [fields]);
  // What a step's validation reads of each field: the same rules as readiness.
  const checked = useMemo(
    () =>
      fields.map((f) => ({
        key: f.key,
        valueType: f.valueType ?? 'string',
        isRequired: f.isRequired === true,
        label: f.label ?? null,
        options: f.options ?? null,
      })),
    [fields],
  );
  const [index, setIndex] = useState(0);
  const [title, setTitle] = useState('');
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(fields.map((field) => [field.key, field.value ?? ''])));
  const [stepErrors, setStepErrors] = useState<Record<string, string[]>>({});
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const asked = askedFields(interview, values);
  const serverErrors = fieldErrors(
    error,
    fields.map((f) => f.key),
  );
  const step = steps[index];
  const last = index === steps.length - 1;

  // A new step is announced by moving focus to its heading (not on first render: the page title is read then).
  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [index]);

  const goTo = (next: number) => {
    moved.current = true;
    setStepErrors({});
    setIndex(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = stepProblems(step, checked, values, asked);
    const invalid = Object.keys(problems);
    setStepErrors(problems);
    if (invalid.length > 0) {
      document.getElementById(fieldInputId(invalid[0]))?.focus();
      return;
    }
    if (!last) return goTo(index + 1);
    setBusy(true);
    setError(undefined);
    try {
      // Only the questions asked are answered: a stale answer to a question now hidden is not sent.
      const filled = Object.fromEntries(Object.entries(values).filter(([key, value]) => asked(key) && value.trim() !== ''));
      const created = await createDocument(session.client, { templateId, title: title.trim() || null, fields: filled });
      navigate(`/documents/${encodeURIComponent(created.document.id)}`);
    } catch (failure) {
      setError(failure);
      setBusy(false);
      const named = fieldErrors(
        failure,
        fields.map((f) => f.key),
      );
      const at = steps.findIndex((s) => s.questions.some((q) => named[q.field]));
      if (at >= 0 && at !== index) goTo(at);
    }
  };

  const visible = step.questions.filter((q) => fieldByKey.has(q.field) && asked(q.field));
  return (
    <section aria-labelledby="new-title">
      <h1 id="new-title">New document: {templateTitle}</h1>
      <p className="hint">
        Questions marked <span className="required">*</span> need an answer before you go on.
      </p>
      <InterviewProgress titles={steps.map((s) => s.title)} index={index} />
      <form noValidate onSubmit={submit} className="card interview-step" aria-labelledby="step-title">
        <h2 id="step-title" ref={heading} tabIndex={-1}>
          {step.title}
        </h2>
        {step.intro ? <p className="step-intro">{step.intro}</p> : null}
        {serverErrors[''] ? <ErrorNotice error={new Error(serverErrors[''].join('; '))} title="Could not create the document" /> : null}
        {index === 0 ? (
          <div className="field">
            <label htmlFor="document-title">Document title</label>
            <input id="document-title" value={title} onChange={(event) => setTitle(event.target.value)} placeholder={templateTitle} />
          </div>
        ) : null}
        <div className="form-grid">
          {visible.map((question) => (
            <InterviewQuestion
              key={question.field}
              question={question}
              field={fieldByKey.get(question.field) as FieldModel}
              value={values[question.field] ?? ''}
              errors={stepErrors[question.field] ?? serverErrors[question.field]}
              disabled={busy}
              onChange={(value) => setValues((previous) => ({ ...previous, [question.field]: value }))}
            />
          ))}
        </div>
        <div className="form-actions">
          {index > 0 ? (
            <button type="button" onClick={() => goTo(index - 1)} disabled={busy}>
              Back
            </button>
          ) : null}
          <button type="submit" disabled={busy}>
            {last ? (busy ? 'Creating…' : 'Create document') : 'Next'}
          </button>
        </div>
      </form>
    </section>
  );
}

/** "Step 2 of 4" and the list of steps, the current one marked for assistive technology. */
function InterviewProgress({ titles, index }: { titles: string[]; index: number }) {
  return (
    <nav aria-label="Interview progress" className="interview-progress">
      <p id="interview-progress-text" data-testid="interview-progress">
        Step {index + 1} of {titles.length}
      </p>
      <progress max={titles.length} value={index + 1} aria-labelledby="interview-progress-text" />
      <ol>
        {titles.map((stepTitle, i) => (
          <li key={stepTitle} aria-current={i === index ? 'step' : undefined} className={i < index ? 'done' : undefined}>
            {stepTitle}
          </li>
        ))}
      </ol>
    </nav>
  );
}
