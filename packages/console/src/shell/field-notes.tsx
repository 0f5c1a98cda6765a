/**
 * What sits around a form control in every form of the console: the required mark, and the
 * hint and the server's refusal under the control. One place, so every form ties them to the
 * control the same way (`<id>-hint`, `<id>-error`, named by the control's aria-describedby).
 */

/** The ids a control's aria-describedby names, given what its notes will show. */
export function describedByOf(id: string, hint: string | null | undefined, errors: string[] | undefined): string | undefined {
  return [hint ? `${id}-hint` : '', errors?.length ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

/** The visible star for sighted users; the words for screen readers (a star read aloud means nothing). */
export function RequiredMark() {
  return (
    <>
      <span className="required" aria-hidden="true">
        {' '}
        *
      </span>
      <span className="visually-hidden"> (required)</span>
    </>
  );
}

export function FieldNotes({ id, hint, errors }: { id: string; hint: string | null | undefined; errors: string[] | undefined }) {
  return (
    <>
      {hint ? (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {errors?.length ? (
        <p className="field-error" id={`${id}-error`} role="alert">
          {errors.join('; ')}
        </p>
      ) : null}
    </>
  );
}
