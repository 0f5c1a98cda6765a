import { describe, expect, it } from 'vitest';
import type { PipelineEvent } from './events.js';
import type { ModelGateway } from './ports.js';
import { type PipelineInput, runPipeline } from './run-pipeline.js';

/** A blocked run stops right after its start, which is all these tests look at. */
function blockedInput(): PipelineInput {
  return { readiness: { generation_should_proceed: false } } as unknown as PipelineInput;
}

function recordingPorts() {
  const calls: string[] = [];
  const ports = {
    emit: async (event: PipelineEvent) => void calls.push(event.event),
    model: {} as ModelGateway,
    orchestrate: { orchestrate: async (text: string) => void calls.push(`orchestrate(${text})`) },
    loadInput: async () => {
      calls.push('loadInput');
      return blockedInput();
    },
    gather: () => {
      throw new Error('not reached');
    },
  };
  return { calls, ports };
}

describe('runPipeline: the orchestrate stage', () => {
  it('with intake text: pipeline_started, orchestrate_started, orchestration, and only then the input', async () => {
    const { calls, ports } = recordingPorts();
    const result = await runPipeline({ intakeText: 'ACME Ltd, London' }, ports);
    expect(result.status).toBe('blocked');
    expect(calls).toEqual(['pipeline_started', 'orchestrate_started', 'orchestrate(ACME Ltd, London)', 'loadInput', 'pipeline_blocked']);
  });

  it('without intake text: no orchestration, the input is loaded before pipeline_started', async () => {
    const { calls, ports } = recordingPorts();
    await runPipeline({ intakeText: null }, ports);
    expect(calls).toEqual(['loadInput', 'pipeline_started', 'pipeline_blocked']);
  });
});
