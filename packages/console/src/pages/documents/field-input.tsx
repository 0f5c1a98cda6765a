/**
 * One input for a template field, chosen by its type: text, long text, number, date picker,
 * e-mail, URL, yes/no, or a select with labelled options for an enum. The label carries the
 * required mark; the field's 422 messages are shown under it and tied to it (aria-describedby).
 * Values are strings, as the API stores them.
 */
import type { FieldModel } from '@quire/client';
import { FieldNotes, RequiredMark, describedByOf } from '../../shell/field-notes';

/** The element id of a field's input: readiness gaps link to it (#field-<key>). */
export const fieldInputId = (key: string) => `field-${key}`;

/** "legitimate_interest" → "Legitimate interest": enum values are keys, users read words. */
export function humanize(value: string): string {
  const words = value.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

interface Props {
  field: FieldModel;
  value: string;
  errors: string[] | undefined;
  disabled?: boolean;
  /** Ids of more notes that describe the control (an interview's examples). */
  extraDescribedBy?: string;
  onChange(value: string): void;
}

export function FieldInput({ field, value, errors, disabled, extraDescribedBy, onChange }: Props) {
  const id = fieldInputId(field.key);
  const label = field.label || humanize(field.key);
  const required = field.isRequired === true;
  const describedBy = [describedByOf(id, field.description, errors), extraDescribedBy].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: field.key,
    disabled,
    'aria-describedby': describedBy,
    'aria-invalid': errors?.length ? true : undefined,
    'aria-required': required || undefined,
  } as const;
  const type = field.valueType ?? 'string';

  let control;
  if (type === 'boolean') {
    const truthy = ['true', 'yes', '1'].includes(value.toLowerCase());
    const falsy = ['false', 'no', '0'].includes(value.toLowerCase());
    return (
      <fieldset className="field" aria-describedby={describedBy} aria-invalid={errors?.length ? true : undefined}>
        <legend>
          {label}
          {required ? <RequiredMark /> : null}
        </legend>
        <span className="radio-row" id={id} tabIndex={-1}>
          <label>
            <input type="radio" name={field.key} value="true" checked={truthy} disabled={disabled} onChange={() => onChange('true')} /> Yes
          </label>
          <label>
            <input type="radio" name={field.key} value="false" checked={falsy} disabled={disabled} onChange={() => onChange('false')} /> No
          </label>
        </span>
        <FieldNotes id={id} hint={field.description} errors={errors} />
      </fieldset>
    );
  }
  if (type === 'enum' && field.options && field.options.length > 0) {
    control = (
      <select {...common} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">— choose —</option>
        {field.options.map((option) => (
          <option key={option} value={option}>
            {humanize(option)}
          </option>
        ))}
      </select>
    );
  } else if (type === 'text') {
    control = <textarea {...common} rows={4} value={value} onChange={(event) => onChange(event.target.value)} />;
  } else {
    const inputType =
      type === 'number' || type === 'integer' ? 'number' : type === 'date' ? 'date' : type === 'email' ? 'email' : type === 'url' ? 'url' : 'text';
    control = (
      <input {...common} type={inputType} step={type === 'number' ? 'any' : undefined} value={value} onChange={(event) => onChange(event.target.value)} />
    );
  }
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      {control}
      <FieldNotes id={id} hint={field.description} errors={errors} />
    </div>
  );
}
