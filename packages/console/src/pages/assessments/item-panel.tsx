/**
 * The selected item: value, confidence and state, and the reviewer's decisions (validate, correct
 * with a reason, reject). On a page image the value can also be picked from the page: the picked
 * text fills the correction form, and saving keeps where it was picked as the value's source.
 */
import type { CorrectionReason, ExtractedItem } from '@quire/client';
import { type FormEvent, type RefObject, useState } from 'react';
import { ErrorNotice } from '../../shell/api-errors';
import { valueText } from './item-anchors';
import type { PickedValue } from './pick-from-page';
import { StateBadge } from '../../shell/state-labels';

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
  /** Whether the file has pages to pick a value from (a PDF or an image). */
  canPick: boolean;
  picking: boolean;
  picked: PickedValue | null;
  onTogglePicking(): void;
}) {
  const { item } = props;
  const [reason, setReason] = useState<CorrectionReason>('wrong_value');
  const [note, setNote] = useState('');
  // The value being written: the item's, or what was just picked on the page.
  // Set afresh each time the form opens or a new value is picked (React's "adjust state on a prop change").
  const start = props.picked?.text ?? valueText(item);
  const opening = props.correcting ? `${props.picked ? 'picked' : 'item'}:${start}` : null;
  const [text, setText] = useState(start);
  const [opened, setOpened] = useState<string | null>(opening);
  if (opening !== opened) {
    setOpened(opening);
    setText(start);
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    props.onCorrect(text, reason, note);
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
          <StateBadge value={item.validation.status} testId="item-state" />
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
            {props.picked ? (
              <p className="hint" data-testid="picked-from-page">
                Picked on page {props.picked.page_number}: “{props.picked.text}”. Saving keeps that place on the page as the value&apos;s source.
              </p>
            ) : null}
            <label htmlFor="corrected-value">Corrected value</label>
            <input id="corrected-value" ref={props.valueRef} value={text} onChange={(e) => setText(e.target.value)} autoComplete="off" />
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
            {props.canPick ? (
              <button type="button" className="button-quiet" aria-pressed={props.picking} onClick={props.onTogglePicking} disabled={props.busy}>
                Pick from the page <kbd>p</kbd>
              </button>
            ) : null}
          </div>
        )
      ) : (
        <p className="hint">Your role can read the review but not decide it (reviewers and owners can).</p>
      )}
    </section>
  );
}
