/** The generation job's name and payload: the organization travels in it; no token ever does. */
export const GENERATE_JOB = 'generate-document';

export interface GenerateJobPayload {
  orgId: string;
  orgSlug: string;
  orgName: string;
  documentId: string;
  runId: string;
}
