/**
 * The assessment area's job types: extracting one processing run, running one batch. Payloads
 * are ids only (the organization id scopes every query), never a token, in camelCase like every
 * job payload.
 */
import { type TSchema, Type } from 'typebox';
import type { JobType, PayloadOf } from '../../kernel/jobs.js';

/**
 * Versions before the camelCase payloads stored `org_id`, `run_id` and `batch_run_id`; jobs
 * they queued may still sit in the queue's table, so those keys are read as their camelCase
 * names (a key already in camelCase wins). Drop this once no such job can be left queued.
 */
function fromSnakeCase(renames: Record<string, string>): (stored: Record<string, unknown>) => Record<string, unknown> {
  return (stored) => {
    const upgraded: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(stored)) {
      const name = renames[key];
      if (name === undefined) upgraded[key] = value;
      else if (!(name in stored)) upgraded[name] = value;
    }
    return upgraded;
  };
}

export const PROCESS_RUN_JOB = {
  name: 'assessments.process-run',
  schema: Type.Object({ orgId: Type.String({ minLength: 1 }), runId: Type.String({ minLength: 1 }) }, { additionalProperties: false }),
  upgrade: fromSnakeCase({ org_id: 'orgId', run_id: 'runId' }),
} satisfies JobType<TSchema>;

export const BATCH_RUN_JOB = {
  name: 'assessments.batch-run',
  schema: Type.Object({ orgId: Type.String({ minLength: 1 }), batchRunId: Type.String({ minLength: 1 }) }, { additionalProperties: false }),
  upgrade: fromSnakeCase({ org_id: 'orgId', batch_run_id: 'batchRunId' }),
} satisfies JobType<TSchema>;

export type ProcessRunPayload = PayloadOf<typeof PROCESS_RUN_JOB>;
export type BatchRunPayload = PayloadOf<typeof BATCH_RUN_JOB>;
