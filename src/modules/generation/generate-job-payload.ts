/**
 * The generation job's type: the organization travels in the payload; no token ever does (the
 * caller's token travels sealed in run_credentials, run-caller.ts). The payload has always been camelCase,
 * so there is no upgrade mapping.
 */
import { type TSchema, Type } from 'typebox';
import type { JobType, PayloadOf } from '../../kernel/jobs.js';

const Id = Type.String({ minLength: 1 });

export const GENERATE_JOB = {
  name: 'generate-document',
  schema: Type.Object({ orgId: Id, orgSlug: Id, orgName: Type.String(), documentId: Id, runId: Id }, { additionalProperties: false }),
} satisfies JobType<TSchema>;

export type GenerateJobPayload = PayloadOf<typeof GENERATE_JOB>;
