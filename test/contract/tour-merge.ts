/**
 * The tour of merge runs: preview a table, start a run of two letters (JSON rows), list, read, its
 * rows, follow its progress to the end, download its zip, cancel the ended run (answered as it
 * is) — and the refusals: 422 for a value that can never fit, 404 for an unknown run.
 */
import { checkDownload } from './wire-checks.js';
import { type Section, settle } from './tour.js';

const ROWS = [
  {
    Client: 'Tour Client A',
    client_contact: 'Ada',
    firm_name: 'Tour LLP',
    services: 'Tax advice',
    start_date: '2026-12-01',
    fee_amount: 100,
    signatory: 'J. Smith',
  },
  {
    Client: 'Tour Client B',
    client_contact: 'Bob',
    firm_name: 'Tour LLP',
    services: 'Audit',
    start_date: '2026-12-02',
    fee_amount: 200,
    signatory: 'J. Smith',
  },
];

const mergeRuns: Section = async (tour) => {
  const c = tour.client;
  await c.post('/v1/templates/engagement-letter/merge-runs/preview', { rows: ROWS, fileNamePattern: '{{ client_name }}' });
  const started = await c.post('/v1/templates/engagement-letter/merge-runs', { rows: ROWS, fileNamePattern: '{{ client_name }}' }, 202);
  const id = started.body?.id;
  if (typeof id !== 'string') throw new Error(`no id in ${JSON.stringify(started.body).slice(0, 300)}`);
  // Merge progress has its own events (merge_started, row_done, row_failed, merge_ended), not a generation's ProgressEvent.
  await checkDownload(tour.wire, `/v1/merge-runs/${id}/progress`, {
    status: 200,
    contentType: 'text/event-stream',
    check: (bytes) => (bytes.toString('utf8').includes('"event":"merge_ended"') ? undefined : 'the stream ended without merge_ended'),
  });
  await settle(tour);
  await c.get('/v1/merge-runs');
  await c.get('/v1/merge-runs?status=finished&sort=oldest&limit=5');
  await c.get('/v1/merge-runs?template=engagement-letter&status=finished&limit=5');
  await c.get(`/v1/merge-runs/${id}`);
  await c.get(`/v1/merge-runs/${id}/rows?status=done`);
  await checkDownload(tour.wire, `/v1/merge-runs/${id}/result.zip`, {
    status: 200,
    contentType: 'application/zip',
    check: (bytes) => (bytes.subarray(0, 4).equals(Buffer.from('PK\u0003\u0004', 'latin1')) ? undefined : 'the body is not a ZIP archive'),
  });
  await c.post(`/v1/merge-runs/${id}/cancel`, undefined);
  await c.post('/v1/templates/engagement-letter/merge-runs', { rows: [{ ...ROWS[0], fee_amount: 'lots' }] }, 422);
  await c.get('/v1/merge-runs/mrg_missing', 404);
};

export const mergeSections: Record<string, Section> = { 'merge runs': mergeRuns };
