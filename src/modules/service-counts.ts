/**
 * What `/metrics` reports about work done, read from the database at scrape time rather than
 * counted in memory: generation runs and jobs are executed by whichever process claims them
 * (`ROLE=worker` processes serve no HTTP), so only the shared database knows the totals. Every
 * figure is service-wide (an operator's view), never per organization.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.js';

export interface ServiceCounts {
  /** Generation runs by status (`running`, `finished`, `failed`, `blocked`). */
  runsByStatus: Record<string, number>;
  /** Background jobs by status (`queued`, `running`, `done`, `failed`). */
  jobsByStatus: Record<string, number>;
  /** Extraction (processing) runs by status, with their summed duration in seconds. */
  extractions: Array<{ status: string; count: number; seconds: number }>;
  /** Model tokens used by generation runs, from each run's recorded usage. */
  tokens: { input: number; output: number };
}

async function countBy(db: Kysely<Database>, table: 'generation_runs' | 'jobs'): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom(table)
    .select(['status', (eb) => eb.fn.countAll().as('n')])
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

export async function readServiceCounts(db: Kysely<Database>): Promise<ServiceCounts> {
  const extractionRows = await db.selectFrom('processing_runs').select(['status', 'started_at', 'finished_at']).execute();
  const extractions = new Map<string, { status: string; count: number; seconds: number }>();
  for (const row of extractionRows) {
    const entry = extractions.get(row.status) ?? { status: row.status, count: 0, seconds: 0 };
    entry.count += 1;
    if (row.started_at && row.finished_at) entry.seconds += Math.max(0, (Date.parse(row.finished_at) - Date.parse(row.started_at)) / 1000);
    extractions.set(row.status, entry);
  }
  const tokens = { input: 0, output: 0 };
  for (const row of await db.selectFrom('generation_runs').select('usage_json').where('usage_json', 'is not', null).execute()) {
    const usage = JSON.parse(row.usage_json ?? '{}') as { inputTokens?: unknown; outputTokens?: unknown };
    tokens.input += typeof usage.inputTokens === 'number' ? usage.inputTokens : 0;
    tokens.output += typeof usage.outputTokens === 'number' ? usage.outputTokens : 0;
  }
  return { runsByStatus: await countBy(db, 'generation_runs'), jobsByStatus: await countBy(db, 'jobs'), extractions: [...extractions.values()], tokens };
}
