/**
 * Rendering and verification overlapped, over a fake model whose calls wait until the test
 * lets them go (no timers): a section is checked while another is still being written, the
 * judge calls run several at once but never more than the limit they share with the sections,
 * and the stage events still begin in lifecycle order.
 */
import { describe, expect, it } from 'vitest';
import type { PipelineEvent } from '../events.js';
import type { JudgeClaimsInput, ModelResult, WriteSectionInput } from '../ports.js';
import { FakeModelGateway, recordEvents } from '../test-support/fake-ports.js';
import type { RenderSection } from './render.js';
import { type VerifyOptions, renderAndVerify } from './render-and-verify.js';

const SOURCES = [{ n: 1, title: 'Rate card', text: 'The hourly rate is 120 EUR.' }];

function written(id: string): RenderSection {
  return { id, key: id, title: `Title ${id}`, renderMode: 'synthesized', outputType: 'markdown', prompt: `Write ${id}`, outputTemplate: null };
}

function verifyOptions(sections: readonly RenderSection[], judge: VerifyOptions['judge'] = 'model'): VerifyOptions {
  return { enabled: true, judge, sources: SOURCES, models: {}, titles: new Map(sections.map((s) => [s.id, s.title])) };
}

type Verdicts = Array<{ sentence: string; supported: boolean; reason: string }>;

/**
 * A model whose section writes and judge calls are counted while in flight; each waits on
 * `holdWrite` / `holdJudge` (default: go at once, on the next turn of the event loop).
 */
class GatedModel extends FakeModelGateway {
  inFlight = 0;
  peak = 0;
  judgesInFlight = 0;
  judgePeak = 0;
  holdWrite: (input: WriteSectionInput) => Promise<void> = () => new Promise((resolve) => setImmediate(resolve));
  holdJudge: () => Promise<void> = () => new Promise((resolve) => setImmediate(resolve));

  constructor(content: (title: string) => string = () => 'The hourly rate is 120 EUR [1].') {
    super({
      writeSection: (input) => content(input.title),
      judge: (input) => input.claims.map((c) => ({ sentence: c.sentence, supported: !c.sentence.includes('150'), reason: 'the card says 120' })),
    });
  }

  override async writeSection(input: WriteSectionInput): Promise<ModelResult<{ content: string }>> {
    this.enter();
    try {
      await this.holdWrite(input);
      return await super.writeSection(input);
    } finally {
      this.inFlight -= 1;
    }
  }

  override async judgeClaims(input: JudgeClaimsInput): Promise<ModelResult<Verdicts> | null> {
    this.enter();
    this.judgesInFlight += 1;
    this.judgePeak = Math.max(this.judgePeak, this.judgesInFlight);
    try {
      await this.holdJudge();
      return await super.judgeClaims(input);
    } finally {
      this.inFlight -= 1;
      this.judgesInFlight -= 1;
    }
  }

  private enter() {
    this.inFlight += 1;
    this.peak = Math.max(this.peak, this.inFlight);
  }
}

/** `event sectionId` labels, to compare positions. */
function labels(events: readonly PipelineEvent[]): string[] {
  return events.map((e) => ('sectionId' in e ? `${e.event} ${e.sectionId}` : e.event));
}

const OPTIONS = { sources: SOURCES, voice: null, brief: {}, models: {} };

describe('renderAndVerify', () => {
  it('checks a rendered section while another section is still being written', async () => {
    const sections = [written('slow'), written('fast')];
    const model = new GatedModel();
    const recorder = recordEvents();
    // The slow section is written only once the fast one has been checked: rendering every
    // section before verifying any (the old order) would never get there.
    let fastChecked!: () => void;
    const checked = new Promise<void>((resolve) => {
      fastChecked = resolve;
    });
    model.holdWrite = async (input) => {
      if (input.title === 'Title slow') await checked;
    };
    const emit = async (event: PipelineEvent) => {
      await recorder.emit(event);
      if (event.event === 'verify_section_finished' && event.sectionId === 'fast') fastChecked();
    };

    const result = await renderAndVerify(sections, {}, { emit, model }, { ...OPTIONS, concurrency: 4, verify: verifyOptions(sections) });

    expect(result.rendered.map((r) => r.sectionId)).toEqual(['slow', 'fast']);
    expect(result.unsupported).toEqual([]);
    const order = labels(recorder.events);
    expect(order.filter((e) => e === 'verify_started')).toHaveLength(1);
    expect(order.indexOf('render_started slow')).toBe(0);
    expect(order.indexOf('verify_started')).toBeLessThan(order.indexOf('verify_section_started fast'));
    expect(order.indexOf('verify_section_finished fast')).toBeLessThan(order.indexOf('verify_section_started slow'));
    expect(model.callsOf('judgeClaims')).toHaveLength(2);
  });

  it('runs judge calls at once, never more model calls in flight than the shared limit', async () => {
    const sections = Array.from({ length: 9 }, (_, i) => written(`s${i}`));
    const model = new GatedModel();
    const recorder = recordEvents();
    // Each judge call waits until as many as the limit allows are in flight together (or all
    // that are left): one judge call at a time would never get past the first.
    const limit = 3;
    let judged = 0;
    const waiters: Array<() => void> = [];
    model.holdJudge = async () => {
      const left = sections.length - judged;
      if (model.judgesInFlight >= Math.min(limit, left)) {
        judged += waiters.length + 1;
        for (const go of waiters.splice(0)) go();
        return;
      }
      await new Promise<void>((resolve) => waiters.push(resolve));
    };

    const result = await renderAndVerify(sections, {}, { emit: recorder.emit, model }, { ...OPTIONS, concurrency: limit, verify: verifyOptions(sections) });

    expect(result.rendered).toHaveLength(9);
    expect(model.callsOf('judgeClaims')).toHaveLength(9);
    expect(model.judgePeak).toBe(limit);
    expect(model.peak).toBe(limit);
    expect(labels(recorder.events).filter((e) => e.startsWith('verify_section_finished'))).toHaveLength(9);
  });

  it('reports unsupported sections in document order, whatever order their checks finish in', async () => {
    const sections = [written('a'), written('b'), written('c')];
    const model = new GatedModel((title) => (title === 'Title b' ? 'The hourly rate is 120 EUR [1].' : 'The hourly rate is 150 EUR [1].'));
    // `a` is written last, so it is checked last.
    let release!: () => void;
    const cWritten = new Promise<void>((resolve) => {
      release = resolve;
    });
    model.holdWrite = async (input) => {
      if (input.title === 'Title a') await cWritten;
      if (input.title === 'Title c') release();
    };
    const recorder = recordEvents();

    const result = await renderAndVerify(sections, {}, { emit: recorder.emit, model }, { ...OPTIONS, concurrency: 4, verify: verifyOptions(sections, 'auto') });

    expect(result.unsupported.map((u) => u.sectionId)).toEqual(['a', 'c']);
    expect(result.unsupported[0]).toMatchObject({ title: 'Title a', claims: [expect.objectContaining({ sentence: 'The hourly rate is 150 EUR.' })] });
    expect(result.verifyUsage).toEqual({ inputTokens: 30, outputTokens: 15 });
    const order = labels(recorder.events);
    expect(order.indexOf('verify_section_started c')).toBeLessThan(order.indexOf('verify_section_started a'));
  });

  it('with nothing cited, still announces the verify stage once, after every section started rendering', async () => {
    const sections = [written('a'), written('b')];
    const model = new GatedModel(() => 'No citations here.');
    const recorder = recordEvents();

    await renderAndVerify(sections, {}, { emit: recorder.emit, model }, { ...OPTIONS, concurrency: 1, verify: verifyOptions(sections) });

    expect(labels(recorder.events)).toEqual(['render_started a', 'render_started b', 'verify_started']);
    expect(model.callsOf('judgeClaims')).toEqual([]);
  });

  it('a section whose writer fails fails alone: the others are written and checked, and the failure is reported with its reason', async () => {
    const sections = [written('a'), written('b'), written('c')];
    const model = new GatedModel();
    model.holdWrite = async (input) => {
      if (input.title === 'Title a') throw new Error('the answer could not be used (after 3 attempts)');
    };
    const recorder = recordEvents();

    const result = await renderAndVerify(sections, {}, { emit: recorder.emit, model }, { ...OPTIONS, concurrency: 1, verify: verifyOptions(sections) });
    expect(result.failed).toEqual([{ sectionId: 'a', title: 'Title a', error: 'the answer could not be used (after 3 attempts)' }]);
    expect(result.rendered.map((r) => r.sectionId)).toEqual(['b', 'c']);
    expect(labels(recorder.events)).toContain('verify_section_finished b');
  });

  it('when every written section fails (a provider down), the call fails with the first reason', async () => {
    const sections = [written('a'), written('b')];
    const model = new GatedModel();
    model.holdWrite = async () => {
      throw new Error('model answered 500');
    };
    await expect(
      renderAndVerify(sections, {}, { emit: recordEvents().emit, model }, { ...OPTIONS, concurrency: 1, verify: verifyOptions(sections) }),
    ).rejects.toThrow('model answered 500');
  });
});

describe('render and verify: computed decisions', () => {
  it('flags a written sentence that states another conclusion than a decision as contradicts_decision', async () => {
    const sections = [written('rec')];
    const model = new GatedModel(() => 'We recommend approval of the vendor.');
    const decisions = [
      {
        key: 'recommendation',
        label: 'Recommendation',
        status: 'decided' as const,
        outcome: 'reject',
        outcomeLabel: 'Reject',
        outcomes: [
          { outcome: 'reject', label: 'Reject', phrases: ['reject'] },
          { outcome: 'approve', label: 'Approve', phrases: ['approve', 'approval'] },
        ],
      },
    ];
    const { unsupported } = await renderAndVerify(
      sections,
      {},
      { emit: recordEvents().emit, model },
      {
        ...OPTIONS,
        concurrency: 2,
        verify: { ...verifyOptions(sections), decisions },
      },
    );
    expect(unsupported).toEqual([
      {
        sectionId: 'rec',
        title: 'Title rec',
        claims: [
          {
            sentence: 'We recommend approval of the vendor.',
            citations: [],
            missing: [],
            reason: 'States "Approve", but the decision "Recommendation" is "Reject"',
            kind: 'contradicts_decision',
            decision: 'recommendation',
          },
        ],
      },
    ]);
  });
});
