/** The selected item: value, confidence and state, and the reviewer's decisions (validate, correct with a reason, reject). */
import type { CorrectionReason, ExtractedItem } from '@quire/client';
import { type FormEvent, type RefObject, useState } from 'react';
import { ErrorNotice } from '../../shell/api-errors';
import { valueText } from './item-anchors';

export const REASONS: ReadonlyArray<[CorrectionReason, string]> = [
  ['ocr_error', 'Misread (OCR)'],
  ['wrong_value', 'Wrong value'],
  ['wrong_location', 'Wrong place'],
  ['format', 'Format'],
  ['missing_value', 'Missing value'],
  ['not_applicable', 'Not applicable'],
  ['other', 'Other'],
];

export function confidenceText(item: ExtractedItem): string {
  const overall = item.confidence.overall;
  return overall === null || overall === undefined ? 'unknown' : `${Math.round(overall * 100)}% (${item.confidence.level ?? 'n/a'})`;
}

export function ItemPanel(props: {
  item: ExtractedItem;
  canReview: boolean;
  correcting: boolean;
  busy: boolean;
  error: unknown;
  valueRef: RefObject<HTMLInputElement | null>;
  onAccept(): void;
  onReject(): void;
  onStartCorrect(): void;
  onCancel(): void;
  onCorrect(value: string, reason: CorrectionReason, note: string): void;
}) {
  const { item } = props;
  const [reason, setReason] = useState<CorrectionReason>('wrong_value');
  const [note, setNote] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    props.onCorrect(props.valueRef.current?.value ?? '', reason, note);
  };
  const extracted = item.extracted as { value?: unknown; raw_text?: string | null };
  return (
    <section className="card item-panel" aria-labelledby="item-title" data-testid="item-panel">
      <h2 id="item-title">{item.label || item.key}</h2>
      <dl className="facts">
        <dt>Value</dt>
        <dd data-testid="item-value">{valueText(item) || <em>none</em>}</dd>
        <dt>Confidence</dt>
        <dd>{confidenceText(item)}</dd>
        <dt>State</dt>
        <dd>
          <span className={`badge badge-${item.validation.status}`} data-testid="item-state">
            {item.validation.status.replace('_', ' ')}
          </span>
        </dd>
        <dt>Quote</dt>
        <dd>{item.provenance.quote || <em>none</em>}</dd>
        {item.is_corrected ? (
          <>
            <dt>Extracted</dt>
            <dd>{extracted.raw_text ?? JSON.stringify(extracted.value)}</dd>
          </>
        ) : null}
      </dl>
      {item.validation.blockers.length > 0 ? (
        <p className="hint">Needs review: {item.validation.blockers.map((b) => b.type.replace('_', ' ')).join(', ')}</p>
      ) : null}
      <ErrorNotice error={props.error} title="The decision was refused" />
      {props.canReview ? (
        props.correcting ? (
          <form onSubmit={submit} className="correct-form" aria-label="Correct the value">
            <label htmlFor="corrected-value">Corrected value</label>
            <input id="corrected-value" ref={props.valueRef} defaultValue={valueText(item)} autoComplete="off" />
            <label htmlFor="correction-reason">Reason</label>
            <select id="correction-reason" value={reason} onChange={(e) => setReason(e.target.value as CorrectionReason)}>
              {REASONS.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
            <label htmlFor="correction-note">Note (optional)</label>
            <input id="correction-note" value={note} onChange={(e) => setNote(e.target.value)} autoComplete="off" />
            <div className="actions">
              <button type="submit" disabled={props.busy}>
                Save correction
              </button>
              <button type="button" className="button-quiet" onClick={props.onCancel}>
                Cancel
              </button>
            </div>
          </form>
        ) : (
          <div className="actions">
            <button type="button" onClick={props.onAccept} disabled={props.busy}>
              Accept <kbd>a</kbd>
            </button>
            <button type="button" className="button-quiet" onClick={props.onStartCorrect} disabled={props.busy}>
              Correct <kbd>c</kbd>
            </button>
            <button type="button" className="button-danger" onClick={props.onReject} disabled={props.busy}>
              Reject <kbd>r</kbd>
            </button>
          </div>
        )
      ) : (
        <p className="hint">Your role can read the review but not decide it (reviewers and owners can).</p>
      )}
    </section>
  );
}
