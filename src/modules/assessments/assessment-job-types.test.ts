import { describe, expect, it } from 'vitest';
import { InvalidJobPayloadError, defineJob, parseJobPayload } from '../../kernel/jobs.js';
import { BATCH_RUN_JOB, PROCESS_RUN_JOB } from './assessment-job-types.js';

describe('assessment job payloads', () => {
  it('reads the camelCase payload as it is', () => {
    expect(parseJobPayload(PROCESS_RUN_JOB, { orgId: 'org_1', runId: 'run_1' })).toEqual({ orgId: 'org_1', runId: 'run_1' });
  });

  it('reads a snake_case payload an older version queued', () => {
    expect(parseJobPayload(PROCESS_RUN_JOB, { org_id: 'org_1', run_id: 'run_1' })).toEqual({ orgId: 'org_1', runId: 'run_1' });
    expect(parseJobPayload(BATCH_RUN_JOB, { org_id: 'org_1', batch_run_id: 'brun_1' })).toEqual({ orgId: 'org_1', batchRunId: 'brun_1' });
  });

  it('fails a malformed payload clearly, naming the job and the problem', () => {
    expect(() => parseJobPayload(PROCESS_RUN_JOB, { orgId: 'org_1' })).toThrow(InvalidJobPayloadError);
    expect(() => parseJobPayload(PROCESS_RUN_JOB, { orgId: 'org_1' })).toThrow(/job assessments\.process-run: malformed payload: .*runId/);
    expect(() => parseJobPayload(BATCH_RUN_JOB, null)).toThrow(/malformed payload/);
  });

  it('a defined job validates before its handler runs; an orphan it cannot read is dropped', async () => {
    const seen: unknown[] = [];
    const definition = defineJob(PROCESS_RUN_JOB, {
      handler: async (payload) => void seen.push(payload),
      onOrphaned: async () => 'retry',
    });
    await definition.handler({ org_id: 'org_1', run_id: 'run_1' }, { id: 'j', attempt: 1 });
    expect(seen).toEqual([{ orgId: 'org_1', runId: 'run_1' }]);
    await expect(definition.handler({ runId: 42 }, { id: 'j', attempt: 1 })).rejects.toThrow(InvalidJobPayloadError);
    expect(seen).toHaveLength(1);
    expect(await definition.onOrphaned?.({ bad: true }, { id: 'j' })).toBe('drop');
    expect(await definition.onOrphaned?.({ orgId: 'org_1', runId: 'run_1' }, { id: 'j' })).toBe('retry');
  });
});
