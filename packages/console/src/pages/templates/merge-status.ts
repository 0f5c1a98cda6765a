/** A merge run's status in words. */
export const STATUS_TEXT: Record<string, string> = {
  queued: 'Waiting to start',
  running: 'Running',
  finished: 'Finished',
  failed: 'Stopped by an error',
  cancelled: 'Cancelled',
};
