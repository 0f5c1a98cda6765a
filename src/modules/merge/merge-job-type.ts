/** The merge run's job type: ids and the organization's name only (no token; rows live in the database). */
import { type TSchema, Type } from 'typebox';
import type { JobType, PayloadOf } from '../../kernel/jobs.js';

const Id = Type.String({ minLength: 1 });

export const MERGE_RUN_JOB = {
  name: 'merge-run',
  schema: Type.Object({ orgId: Id, orgSlug: Id, orgName: Type.String(), mergeRunId: Id }, { additionalProperties: false }),
} satisfies JobType<TSchema>;

export type MergeRunPayload = PayloadOf<typeof MERGE_RUN_JOB>;

/** One job per run: enqueuing it again while it is queued or running adds nothing. */
export function mergeJobId(mergeRunId: string): string {
  return `${MERGE_RUN_JOB.name}:${mergeRunId}`;
}
