/**
 * Issue 28, row 3: a busy host slows runs but does not fail them, and when the host is the cause
 * the failure says so. The host is made busy for real: CPU-burning processes, two per core, that
 * the test starts and stops. Tenant code is bounded by the CPU time its worker spends, so a run
 * whose templates need a fraction of their budget finishes however long the busy host makes it
 * take; a task the host keeps from finishing within the overload time fails as overloaded — a
 * run's reason and a request's 503 with `Retry-After` say so, never that the template ran past its budget.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { availableParallelism } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { type Api, apiFor, createTemplate } from '../support/api.js';
import { collectEvents } from '../support/sse.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

/** Sections whose templates each take a few thousand interpreter steps (tens of ms of CPU per batch). */
const SECTIONS = Array.from({ length: 8 }, (_, i) => ({
  key: `s${i}`,
  title: `Section ${i}`,
  render_mode: 'templated',
  output_template: `#${i}: {% for n in range(1500) %}{{ n }},{% endfor %}`,
}));

/** Starts `count` processes that spin on a CPU until killed. */
async function burnCpus(count: number): Promise<ChildProcess[]> {
  const burners = Array.from({ length: count }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  await Promise.all(burners.map((burner) => once(burner, 'spawn')));
  return burners;
}

async function stopBurning(burners: ChildProcess[]): Promise<void> {
  await Promise.all(
    burners
      .filter((b) => b.exitCode === null && b.signalCode === null)
      .map(async (burner) => {
        const exited = once(burner, 'exit');
        burner.kill('SIGKILL');
        await exited;
      }),
  );
}

describe('a busy host (two CPU burners per core)', () => {
  let burners: ChildProcess[] = [];
  const servers: TestServer[] = [];

  const serverWith = async (env: Record<string, string>): Promise<{ server: TestServer; api: Api; token: string }> => {
    const server = await startTestServer({ dialect: 'sqlite', env });
    servers.push(server);
    const token = await server.login();
    const api = await apiFor(server);
    await createTemplate(api, { slug: 'busy', title: 'Busy', sections: SECTIONS });
    return { server, api, token };
  };
  const runToEnd = async ({ server, api, token }: { server: TestServer; api: Api; token: string }) => {
    const created = await api.post('/v1/documents', { templateId: 'busy' });
    expect(created.status).toBe(201);
    const id: string = created.body.document.id;
    expect((await api.post(`/v1/documents/${id}/generate`, {})).status).toBe(200);
    return { id, events: await collectEvents(`${server.url}/v1/documents/${id}/progress`, token, { org: 'acme' }) };
  };

  // Each test starts its server (the tenant-code settings are the process's: the last server's) and
  // makes its template before the host gets busy, then burns the CPUs for its run.
  afterAll(async () => {
    await stopBurning(burners);
    await Promise.all(servers.map((server) => server.close()));
  });

  it('finishes a templated run whose templates need a fraction of their CPU budget, however long the host makes it take', { timeout: 180_000 }, async () => {
    // The budget the runs failed on was wall clock: 0.5 s of it is less than a batch takes here.
    const target = await serverWith({ TENANT_CODE_TIMEOUT_MS: '500' });
    burners = await burnCpus(2 * availableParallelism());
    const { events, id } = await runToEnd(target);
    await stopBurning(burners);
    const { api } = target;
    expect(events.at(-1)).toMatchObject({ event: 'pipeline_finished' });
    const sections = (await api.get(`/v1/documents/${id}`)).body.sections as Array<{ content: string | null }>;
    expect(sections.map((s) => s.content?.slice(0, 12))).toEqual(SECTIONS.map((_, i) => `#${i}: 0,1,2,3,`.slice(0, 12)));
  });

  it('answers a computation that needs a third of its CPU budget, however long the host makes it take', { timeout: 180_000 }, async () => {
    // ~0.3 s of CPU: JSONata's own 1 s timeout, wall clock, was past before it ended on this host.
    const target = await serverWith({});
    const created = await target.api.post('/v1/documents', { templateId: 'busy' });
    const id: string = created.body.document.id;
    const computation = '$sum($map([1..90000], function($v){ $v * 2 }))';
    expect((await target.api.put(`/v1/documents/${id}/config`, { coordination: { computations: { total: computation } } })).status).toBe(200);
    burners = await burnCpus(2 * availableParallelism());
    const answer = await target.api.get(`/v1/documents/${id}/computed`);
    await stopBurning(burners);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(JSON.stringify(answer.body)).toContain('8100090000');
  });

  it('fails a run the host keeps from finishing as overloaded, and answers a request 503 with Retry-After', { timeout: 180_000 }, async () => {
    // A CPU budget the templates never reach, and an overload time the busy host always passes.
    const target = await serverWith({ TENANT_CODE_TIMEOUT_MS: '60000', TENANT_CODE_OVERLOAD_MS: '300' });
    burners = await burnCpus(2 * availableParallelism());
    const { events } = await runToEnd(target);
    const failed = events.at(-1);
    expect(failed?.event).toBe('pipeline_failed');
    expect(String(failed?.error)).toMatch(/service is overloaded/);
    expect(String(failed?.error)).not.toMatch(/ran past its time budget/);

    const tidy = await target.api.post('/v1/jinja/tidy', { template: `${' '.repeat(150_000)}{{ x }}` });
    expect(tidy.status).toBe(503);
    expect(tidy.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(tidy.body.detail).toMatch(/service is overloaded/);
  });
});
