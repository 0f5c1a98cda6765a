/**
 * Every state the API names, in the words every page shows (issue 33 item 5, ADR 0623). One
 * value, one label, whatever it is the state of: "queued" is "Waiting to start" for a merge run,
 * a processing run and a batch alike. The keys are the contract's enum values (documents,
 * sections, assessments and their documents, items, runs, batches, merge runs, webhook
 * deliveries); a value added to the contract later still shows, as words instead of snake_case.
 */
const LABELS: Record<string, string> = {
  // documents
  draft: 'Draft',
  'under-review': 'Under review',
  finalized: 'Finalized',
  // sections
  empty: 'Not written yet',
  generated: 'Generated',
  edited: 'Edited by hand',
  stale: 'Out of date',
  // runs, merge runs, batches, processing
  queued: 'Waiting to start',
  running: 'Running',
  processing: 'Processing',
  finished: 'Finished',
  succeeded: 'Succeeded',
  partially_succeeded: 'Partly succeeded',
  completed: 'Completed',
  completed_with_errors: 'Completed with errors',
  failed: 'Failed',
  cancelled: 'Cancelled',
  skipped: 'Skipped',
  excluded: 'Excluded',
  uploaded: 'Uploaded',
  processed: 'Processed',
  partially_processed: 'Partly processed',
  done: 'Done',
  // assessments, review and items
  not_started: 'Not started',
  pending: 'Waiting',
  in_review: 'In review',
  needs_review: 'Needs review',
  auto_validated: 'Accepted automatically',
  validated: 'Validated',
  corrected: 'Corrected',
  rejected: 'Rejected',
  complete: 'Complete',
  incomplete: 'Incomplete',
  // webhook deliveries
  delivered: 'Delivered',
  // snippets and risk blocks
  approved: 'Approved',
};

/** The words for a state value of the API. */
export function stateLabel(value: string): string {
  const label = LABELS[value];
  if (label !== undefined) return label;
  const words = value.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A state as a badge: the class keeps the wire value (the styles key on it), the text is the label. */
export function StateBadge({ value, testId }: { value: string; testId?: string }) {
  return (
    <span className={`badge badge-${value}`} data-state={value} data-testid={testId}>
      {stateLabel(value)}
    </span>
  );
}
