/**
 * The gather stage over fake ports: dependency order, the cache, failures that name their
 * cause, templated tool arguments, llm needs, and the per-need timeout (on fake timers).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeModelGateway, fakeGatherPorts, gatherNeed, recordEvents, type FakeGatherOptions } from '../test-support/fake-ports.js';
import type { DataNeed } from '../data-need.js';
import { derivationHash, deriveGathered } from '../gathered-derivation.js';
import { hashOf } from '../inputs-hash.js';
import { type GatherInput, derivationsNow, gatherNeeds } from './gather.js';

function setup(needs: DataNeed[], options: FakeGatherOptions = {}, overrides: Partial<GatherInput> = {}) {
  const model = new FakeModelGateway();
  const recorder = recordEvents();
  const ports = fakeGatherPorts(model, options);
  // A generous timeout: on a loaded machine a cold tenant-code worker can take seconds to
  // evaluate the first template (the timeout itself is tested on fake timers below).
  const input: GatherInput = { needs, fields: {}, variables: {}, refresh: false, concurrency: 1, timeoutMs: 60_000, ...overrides };
  return { run: () => gatherNeeds(input, { ...ports, emit: recorder.emit }), recorder, calls: ports.calls, model };
}

describe('gatherNeeds', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gathers in dependency order whatever the listed order, and a dependant reads what came before', async () => {
    const { run, recorder } = setup(
      [
        gatherNeed({ outputKey: 'greeting', kind: 'template', args: { expression: 'salutation ~ " " ~ client' }, dependsOn: ['salutation', 'client'] }),
        gatherNeed({ outputKey: 'salutation', kind: 'template', args: { expression: '"Dear " ~ title' }, dependsOn: ['title'] }),
        gatherNeed({ outputKey: 'title', args: { value: 'Dr.' } }),
        gatherNeed({ outputKey: 'client', kind: 'field', args: { field: 'client_name' } }),
      ],
      {},
      { fields: { client_name: 'Okafor' } },
    );

    const output = await run();

    const started = recorder.events.flatMap((e) => (e.event === 'need_started' ? [e.outputKey] : []));
    expect(started).toEqual(['title', 'client', 'salutation', 'greeting']);
    expect(output.values).toEqual({ title: 'Dr.', client: 'Okafor', salutation: 'Dear Dr.', greeting: 'Dear Dr. Okafor' });
    expect(output.failures).toEqual([]);
  });

  it('reuses a cached value (need_cached) and does not gather it again', async () => {
    const { run, recorder, calls } = setup([gatherNeed({ outputKey: 'rate', kind: 'tool', toolRef: 'rates', args: {} })], {
      cache: { rate: { value: 1.08, source: { title: 'ECB', kind: 'tool' } } },
      tools: { rates: () => 9.99 },
    });

    const output = await run();

    expect(recorder.events).toEqual([{ event: 'need_cached', dataNeedId: 'dn_rate', outputKey: 'rate', kind: 'tool' }]);
    expect(calls.map((c) => c.port)).toEqual(['toolInputs', 'cached']);
    expect(output.values).toEqual({ rate: 1.08 });
    expect(output.items).toEqual([expect.objectContaining({ outputKey: 'rate', cached: true, source: { title: 'ECB', kind: 'tool' } })]);
  });

  it('refresh skips the cache and gathers afresh', async () => {
    const { run, recorder, calls } = setup(
      [gatherNeed({ outputKey: 'rate', kind: 'tool', toolRef: 'rates', args: {} })],
      { cache: { rate: { value: 1.08 } }, tools: { rates: () => 1.1 } },
      { refresh: true },
    );

    const output = await run();

    expect(recorder.names()).toEqual(['need_started', 'need_finished']);
    expect(calls.map((c) => c.port)).toEqual(['toolInputs', 'callTool']);
    expect(output.values).toEqual({ rate: 1.1 });
    expect(output.items[0].cached).toBe(false);
  });

  it('asks the cache with a hash that changes when the field a need reads changes', async () => {
    const need = gatherNeed({ outputKey: 'client', kind: 'field', args: null });
    const first = setup([need], {}, { fields: { client: 'Globex' } });
    const same = setup([need], {}, { fields: { client: 'Globex', unrelated: 'x' } });
    const changed = setup([need], {}, { fields: { client: 'Initech' } });
    await Promise.all([first.run(), same.run(), changed.run()]);
    const hashOf = (calls: typeof first.calls) => calls.flatMap((c) => (c.port === 'cached' ? [c.inputsHash] : []));
    expect(hashOf(first.calls)).toHaveLength(1);
    expect(hashOf(same.calls)).toEqual(hashOf(first.calls));
    expect(hashOf(changed.calls)).not.toEqual(hashOf(first.calls));
  });

  it('a failing need is reported, its dependants fail naming it, and independent needs still run', async () => {
    const { run, recorder } = setup(
      [
        gatherNeed({ outputKey: 'rate', kind: 'tool', toolRef: 'rates', args: {} }),
        gatherNeed({ outputKey: 'fee', kind: 'template', args: { expression: 'rate * 2' }, dependsOn: ['rate'] }),
        gatherNeed({ outputKey: 'note', args: { value: 'unaffected' } }),
      ],
      {
        tools: {
          rates: () => {
            throw new Error('rates service answered 503');
          },
        },
      },
    );

    const output = await run();

    expect(output.failures).toEqual([
      { outputKey: 'rate', error: 'rates service answered 503' },
      { outputKey: 'fee', error: 'depends on "rate", which failed' },
    ]);
    expect(output.values).toEqual({ note: 'unaffected' });
    const failed = recorder.events.flatMap((e) => (e.event === 'need_failed' ? [[e.outputKey, e.error]] : []));
    expect(failed).toEqual([
      ['rate', 'rates service answered 503'],
      ['fee', 'depends on "rate", which failed'],
    ]);
  });

  it('renders templated tool arguments from fields before calling the tool, and keeps the tool as the source', async () => {
    const { run, calls } = setup(
      [gatherNeed({ outputKey: 'matters', kind: 'tool', toolRef: 'lookup', args: { client: '{{ client }}', limit: 5 } })],
      { tools: { lookup: (args) => `matters of ${String(args.client)}` } },
      { fields: { client: 'Globex' } },
    );

    const output = await run();

    expect(calls.filter((c) => c.port === 'callTool')).toEqual([{ port: 'callTool', outputKey: 'matters', args: { client: 'Globex', limit: 5 } }]);
    expect(output.items[0]).toMatchObject({ value: 'matters of Globex', source: { kind: 'tool', tool: 'lookup' } });
  });

  it('an llm need gets its prompt rendered over fields and earlier values, and its usage and prompt are kept', async () => {
    const { run, model } = setup(
      [
        gatherNeed({ outputKey: 'sector', args: { value: 'retail' } }),
        gatherNeed({ outputKey: 'angle', kind: 'llm', args: null, promptBody: 'Angle for {{ client }} in {{ sector }}', dependsOn: ['sector'] }),
      ],
      {},
      { fields: { client: 'Globex' } },
    );

    const output = await run();

    expect(model.callsOf('completeDataNeed').map((c) => c.input.prompt)).toEqual(['Angle for Globex in retail']);
    expect(output.values.angle).toBe('answer: Angle for Globex in retail');
    expect(output.usage).toEqual({ inputTokens: 10, outputTokens: 5 });
    expect(output.prompts).toEqual({ angle: 'Angle for Globex in retail' });
  });

  it('explains a field need whose field is missing and an unknown kind', async () => {
    const { run } = setup([gatherNeed({ outputKey: 'client', kind: 'field', args: null }), gatherNeed({ outputKey: 'odd', kind: 'telepathy', args: null })]);
    const output = await run();
    expect(output.failures).toEqual([
      { outputKey: 'client', error: 'the document has no field "client"' },
      { outputKey: 'odd', error: 'unknown data-need kind "telepathy"' },
    ]);
  });

  it('gives a static need a citable source built from its declared title and value', async () => {
    const { run } = setup([gatherNeed({ outputKey: 'policy', name: 'Travel policy', args: { value: 'Economy class only.' } })]);
    const output = await run();
    expect(output.items[0].source).toEqual({ title: 'Travel policy', kind: 'static', url: null, text: 'Economy class only.' });
  });

  it('a need slower than the timeout fails with a message naming it (fake timers, no waiting)', async () => {
    vi.useFakeTimers();
    const { run, recorder } = setup(
      [gatherNeed({ outputKey: 'slow', kind: 'tool', toolRef: 'slow', args: {} }), gatherNeed({ outputKey: 'quick', args: { value: 1 } })],
      { tools: { slow: () => new Promise<never>(() => undefined) } },
      { timeoutMs: 1_000 },
    );
    const pending = run();
    await vi.advanceTimersByTimeAsync(1_000);
    const output = await pending;
    expect(output.failures).toEqual([{ outputKey: 'slow', error: '"slow" took longer than 1000 ms' }]);
    expect(output.values).toEqual({ quick: 1 });
    expect(recorder.names()).toEqual(['need_started', 'need_failed', 'need_started', 'need_finished']);
  });
});

/** The inputs hash each need asked the cache with, by output key, for one gather over `needs`. */
async function hashesOf(needs: DataNeed[], options: FakeGatherOptions = {}, overrides: Partial<GatherInput> = {}): Promise<Record<string, string>> {
  const { run, calls } = setup(needs, options, overrides);
  await run();
  return Object.fromEntries(calls.flatMap((c) => (c.port === 'cached' ? [[c.outputKey, c.inputsHash]] : [])));
}

describe('the inputs hash of a gathered value (its derivation record)', () => {
  const vendorNeed = gatherNeed({ outputKey: 'vendor_info', kind: 'tool', toolRef: 'vendors', args: { vendor: '{{ vendor_name }}', detail: 'full' } });
  const tools = { vendors: (args: Record<string, unknown>) => ({ vendor: args.vendor }) };
  const fields = { vendor_name: 'Initech', reviewer: 'Sam' };

  it('covers the rendered tool arguments: a field they read changes the hash, a field they do not read leaves it', async () => {
    const [first, unrelated, changed] = await Promise.all([
      hashesOf([vendorNeed], { tools }, { fields }),
      hashesOf([vendorNeed], { tools }, { fields: { ...fields, reviewer: 'Kim' } }),
      hashesOf([vendorNeed], { tools }, { fields: { ...fields, vendor_name: 'Globo Corp' } }),
    ]);
    expect(first.vendor_info).toMatch(/^[0-9a-f]{64}$/);
    expect(unrelated.vendor_info).toBe(first.vendor_info);
    expect(changed.vendor_info).not.toBe(first.vendor_info);
  });

  it('records the rendered arguments, the fields read and the registration, and its hash is the inputs hash', async () => {
    const { run } = setup([vendorNeed], { tools, toolConfigs: { vendors: { url: 'https://vendors.example/v1' } } }, { fields });
    const [item] = (await run()).items;
    expect(item.derivation).toEqual(
      deriveGathered({
        kind: 'tool',
        args: { vendor: 'Initech', detail: 'full' },
        prompt: null,
        model: null,
        deps: {},
        fields: { vendor_name: 'Initech' },
        variables: null,
        tool: { name: 'vendors', classPath: 'fake', config: { url: 'https://vendors.example/v1' } },
        caller: null,
      }),
    );
    expect(item.derivation.args.vendor).toBe(hashOf('Initech'));
    expect(item.inputsHash).toBe(derivationHash(item.derivation));
  });

  it("changes with the tool registration's config", async () => {
    const [first, same, edited] = await Promise.all([
      hashesOf([vendorNeed], { tools, toolConfigs: { vendors: { url: 'https://a.example', resultPath: 'data' } } }, { fields }),
      hashesOf([vendorNeed], { tools, toolConfigs: { vendors: { resultPath: 'data', url: 'https://a.example' } } }, { fields }),
      hashesOf([vendorNeed], { tools, toolConfigs: { vendors: { url: 'https://b.example', resultPath: 'data' } } }, { fields }),
    ]);
    expect(same.vendor_info).toBe(first.vendor_info);
    expect(edited.vendor_info).not.toBe(first.vendor_info);
  });

  it('covers the caller for a per-user source only', async () => {
    const ada = { subject: 'ada', email: 'ada@example.com' };
    const bob = { subject: 'bob', email: 'bob@example.com' };
    const [adaPerUser, bobPerUser, adaShared, bobShared] = await Promise.all([
      hashesOf([vendorNeed], { tools, perUserTools: ['vendors'], caller: ada }, { fields }),
      hashesOf([vendorNeed], { tools, perUserTools: ['vendors'], caller: bob }, { fields }),
      hashesOf([vendorNeed], { tools, caller: ada }, { fields }),
      hashesOf([vendorNeed], { tools, caller: bob }, { fields }),
    ]);
    expect(bobPerUser.vendor_info).not.toBe(adaPerUser.vendor_info);
    expect(bobShared.vendor_info).toBe(adaShared.vendor_info);
    const { run } = setup([vendorNeed], { tools, perUserTools: ['vendors'], caller: ada }, { fields });
    expect((await run()).items[0].derivation.caller).toEqual(ada);
  });

  it('covers the values of the needs it depends on and the earlier values its arguments name', async () => {
    const needs = (client: string) => [
      gatherNeed({ outputKey: 'client', args: { value: client } }),
      gatherNeed({ outputKey: 'other', args: { value: 'unchanged' } }),
      gatherNeed({ outputKey: 'matters', kind: 'tool', toolRef: 'vendors', args: { vendor: 'x' }, dependsOn: ['client'] }),
      gatherNeed({ outputKey: 'named', kind: 'tool', toolRef: 'vendors', args: { vendor: '{{ client }}' }, dependsOn: ['other'] }),
    ];
    const [globex, initech] = await Promise.all([hashesOf(needs('Globex'), { tools }), hashesOf(needs('Initech'), { tools })]);
    expect(initech.matters).not.toBe(globex.matters);
    expect(initech.named).not.toBe(globex.named);
    expect(initech.other).toBe(globex.other);
  });

  it("covers an llm need's rendered prompt and the whole context the model is given", async () => {
    const need = gatherNeed({ outputKey: 'angle', kind: 'llm', args: null, promptBody: 'Angle for {{ client }}' });
    const [first, reworded, otherField, variables] = await Promise.all([
      hashesOf([need], {}, { fields: { client: 'Globex', sector: 'retail' } }),
      hashesOf([{ ...need, promptBody: 'Angle on {{ client }}' }], {}, { fields: { client: 'Globex', sector: 'retail' } }),
      hashesOf([need], {}, { fields: { client: 'Globex', sector: 'banking' } }),
      hashesOf([need], {}, { fields: { client: 'Globex', sector: 'retail' }, variables: { tone: 'formal' } }),
    ]);
    expect(new Set([first.angle, reworded.angle, otherField.angle, variables.angle]).size).toBe(4);
  });

  it('covers the model an llm need is asked: another gather model misses the cache, another synthesis model does not', async () => {
    const need = gatherNeed({ outputKey: 'angle', kind: 'llm', args: null, promptBody: 'Angle for {{ client }}' });
    const overrides = { fields: { client: 'Globex' } };
    const [first, gatherModel, synthesisModel] = await Promise.all([
      hashesOf([need], {}, overrides),
      hashesOf([need], { models: { gather: 'fake-large' } }, overrides),
      hashesOf([need], { models: { synthesis: 'fake-large' } }, overrides),
    ]);
    expect(gatherModel.angle).not.toBe(first.angle);
    expect(synthesisModel.angle).toBe(first.angle);
  });

  it('derivationsNow resolves every need over stored values as a run would, calling no tool or model', async () => {
    const needs = [
      gatherNeed({ outputKey: 'vendor_info', kind: 'tool', toolRef: 'vendors', args: { vendor: '{{ vendor_name }}' } }),
      gatherNeed({ outputKey: 'label', kind: 'template', args: { expression: "vendor_info.vendor ~ ' Ltd'" }, dependsOn: ['vendor_info'] }),
      gatherNeed({ outputKey: 'angle', kind: 'llm', args: null, promptBody: 'Angle for {{ label }}', dependsOn: ['label'] }),
    ];
    const options = { tools: { vendors: (args: Record<string, unknown>) => ({ vendor: args.vendor }) } };
    const overrides = { fields: { vendor_name: 'Initech' } };
    const { run, calls, model } = setup(needs, options, overrides);
    const gathered = await run();
    const ports = fakeGatherPorts(model, options);
    const now = await derivationsNow({ needs, ...overrides, variables: {} }, gathered.values, ports);
    expect(Object.fromEntries(now)).toEqual(Object.fromEntries(gathered.items.map((i) => [i.outputKey, i.derivation])));
    expect(ports.calls.map((c) => c.port)).toEqual(['toolInputs']);
    expect(calls.filter((c) => c.port === 'callTool')).toHaveLength(1);
  });

  it("covers a template need's expression and what it reads, and a field need's field", async () => {
    const needs = [
      gatherNeed({ outputKey: 'label', kind: 'template', args: { expression: "client ~ ' Ltd'" } }),
      gatherNeed({ outputKey: 'who', kind: 'field', args: { field: 'client' } }),
    ];
    const [first, unrelated, changed] = await Promise.all([
      hashesOf(needs, {}, { fields: { client: 'Globex', city: 'Paris' } }),
      hashesOf(needs, {}, { fields: { client: 'Globex', city: 'Lyon' } }),
      hashesOf(needs, {}, { fields: { client: 'Initech', city: 'Paris' } }),
    ]);
    expect(unrelated).toEqual(first);
    expect(changed.label).not.toBe(first.label);
    expect(changed.who).not.toBe(first.who);
  });

  it('starts a need as soon as its own inputs are in, while an unrelated deeper need is still running', async () => {
    // `report` needs `slow`, a tool that answers only once `quick_use` has been called; the old
    // layer-by-layer gather could not call `quick_use` (layer 1) before `slow` (layer 0) ended.
    let quickUseCalled!: () => void;
    const called = new Promise<void>((resolve) => {
      quickUseCalled = resolve;
    });
    const { run, recorder, calls } = setup(
      [
        gatherNeed({ outputKey: 'slow', kind: 'tool', toolRef: 'slow', args: {} }),
        gatherNeed({ outputKey: 'quick', args: { value: 'q' } }),
        gatherNeed({ outputKey: 'report', kind: 'tool', toolRef: 'report', args: {}, dependsOn: ['slow'] }),
        gatherNeed({ outputKey: 'quick_use', kind: 'tool', toolRef: 'quick_use', args: {}, dependsOn: ['quick'] }),
      ],
      {
        tools: {
          slow: async () => {
            await called;
            return 'slow answer';
          },
          report: () => 'report',
          quick_use: () => {
            quickUseCalled();
            return 'used';
          },
        },
      },
      { concurrency: 4 },
    );

    const output = await run();

    expect(output.failures).toEqual([]);
    expect(output.values).toEqual({ slow: 'slow answer', quick: 'q', report: 'report', quick_use: 'used' });
    const names = recorder.events.map((e) => (e.event.startsWith('need_') && 'outputKey' in e ? `${e.event} ${e.outputKey}` : e.event));
    expect(names.indexOf('need_started quick_use')).toBeGreaterThanOrEqual(0);
    expect(names.indexOf('need_started quick_use')).toBeLessThan(names.indexOf('need_finished slow'));
    expect(
      calls
        .filter((c) => c.port === 'callTool')
        .map((c) => c.outputKey)
        .at(-1),
    ).toBe('report');
  });

  it('never runs more needs at once than the concurrency allows', async () => {
    let running = 0;
    let peak = 0;
    const tool = async () => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setImmediate(resolve));
      running -= 1;
      return 'ok';
    };
    const needs = Array.from({ length: 8 }, (_, i) =>
      gatherNeed({ outputKey: `n${i}`, kind: 'tool', toolRef: 't', args: {}, dependsOn: i >= 4 ? [`n${i - 4}`] : null }),
    );
    const output = await setup(needs, { tools: { t: tool } }, { concurrency: 3 }).run();
    expect(Object.keys(output.values)).toHaveLength(8);
    expect(peak).toBe(3);
  });

  it('an llm need sees the needs it depends on, transitively, and the values its prompt names — not unrelated ones', async () => {
    const { run, model } = setup(
      [
        gatherNeed({ outputKey: 'client', args: { value: 'Globex' } }),
        gatherNeed({ outputKey: 'unrelated', args: { value: 'noise' } }),
        gatherNeed({ outputKey: 'sector', args: { value: 'retail' } }),
        gatherNeed({ outputKey: 'profile', kind: 'template', args: { expression: "client ~ ' profile'" }, dependsOn: ['client'] }),
        gatherNeed({ outputKey: 'angle', kind: 'llm', args: null, promptBody: 'Angle for {{ profile }} in {{ sector }}', dependsOn: ['profile'] }),
        gatherNeed({ outputKey: 'everything', kind: 'llm', args: null, promptBody: '{{ gathered | tojson }}', dependsOn: ['profile'] }),
      ],
      {},
      { concurrency: 4 },
    );

    const output = await run();

    expect(output.failures).toEqual([]);
    const contextOf = (prompt: string) => model.callsOf('completeDataNeed').find((c) => c.input.prompt.startsWith(prompt))?.input.context;
    expect(contextOf('Angle for')?.gathered).toEqual({ client: 'Globex', sector: 'retail', profile: 'Globex profile' });
    expect(contextOf('{')?.gathered).toEqual({ client: 'Globex', unrelated: 'noise', sector: 'retail', profile: 'Globex profile' });
    const angle = output.items.find((i) => i.outputKey === 'angle');
    expect(Object.keys(angle?.derivation.deps ?? {}).sort()).toEqual(['client', 'profile', 'sector']);
  });

  it('a need sees only the values of earlier layers, whatever the timing within its own', async () => {
    const needs = [
      gatherNeed({ outputKey: 'fast', args: { value: 'here' } }),
      gatherNeed({ outputKey: 'peek', kind: 'template', args: { expression: "fast ~ ''" } }),
    ];
    const output = await setup(needs, {}, { concurrency: 1 }).run();
    expect(output.values.peek).not.toBe('here');
  });

  it('fails a need whose prompt does not render before the cache is asked', async () => {
    const { run, calls } = setup([gatherNeed({ outputKey: 'angle', kind: 'llm', args: null, promptBody: '{% if %}' })], {
      cache: { angle: { value: 'stale' } },
    });
    const output = await run();
    expect(output.failures).toEqual([{ outputKey: 'angle', error: expect.stringMatching(/^prompt_body: /) }]);
    expect(calls).toEqual([]);
  });
});
