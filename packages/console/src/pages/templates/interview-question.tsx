/**
 * One question of the new-document interview: the field's input, its examples (tied to the input)
 * and, behind a "Why do we ask?" disclosure, the template's reason for asking.
 */
import type { FieldModel } from '@quire/client';
import type { InterviewQuestion as Question } from '@quire/interview';
import { FieldInput, fieldInputId } from '../documents/field-input';

interface Props {
  field: FieldModel;
  question: Question;
  value: string;
  errors: string[] | undefined;
  disabled: boolean;
  onChange(value: string): void;
}

export function InterviewQuestion({ field, question, value, errors, disabled, onChange }: Props) {
  const examplesId = `${fieldInputId(field.key)}-examples`;
  const examples = question.examples ?? [];
  return (
    <div className="interview-question" data-question={field.key}>
      <FieldInput
        field={field}
        value={value}
        errors={errors}
        disabled={disabled}
        extraDescribedBy={examples.length > 0 ? examplesId : undefined}
        onChange={onChange}
      />
      {examples.length > 0 ? (
        <p className="hint" id={examplesId}>
          For example: {examples.join('; ')}
        </p>
      ) : null}
      {question.help ? (
        <details className="why-we-ask">
          <summary>Why do we ask?</summary>
          <p>{question.help}</p>
        </details>
      ) : null}
    </div>
  );
}
