/**
 * The property issue #11 asks for, over real HTTP on every dialect: for seeded random edits to ONE
 * input of a generated document — a field, an assessment correction, a library text, a tool
 * registration's config — exactly the sections that read that input (directly, or through a
 * gathered or computed value built from it) become stale, each naming the input in
 * `staleBecause` on `GET /v1/documents/{id}`, `GET …/sections` and the response of the edit when
 * it returns the detail; no other section does; and the next generate recomputes exactly the
 * gathered rows that depend on it (every other row is `need_cached`; an `assessment` row is
 * never cached). fast-check is not installed in this checkout, so the edits come from a seeded
 * generator (mulberry32): a failing round names its seed, edit and value, and replays.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type RunningTestServer, startJsonApiServer } from '../../src/adapters/tools/test-support/tool-test-servers.js';
import { type Api, apiFor, createTemplate } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { created } from '../support/library.js';
import { type ProgressEvent, collectEvents } from '../support/sse.js';
import { type TestServer, startTestServer } from '../support/test-server.js';
import { postMultipart } from './assessments-helpers.js';

const SEED = 20261124;
const ROUNDS = 8;

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32). */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SPEC = {
  slug: 'staleness-property',
  title: 'Staleness property',
  fields: [
    { key: 'alpha', value: 'a0' },
    { key: 'beta', value: 'b0' },
    { key: 'gamma', value: '1' },
    { key: 'vendor_name', value: 'Initech' },
  ],
  dataNeeds: [{ output_key: 'label', kind: 'template', args_json: { expression: "beta ~ ' Ltd'" } }],
  config: { verify: { judge: 'deterministic' }, coordination: { computations: { doubled: '$number(fields.gamma) * 2' } } },
  sections: [
    { key: 's_alpha', title: 'Alpha', render_mode: 'templated', output_template: 'Alpha is {{ alpha }}.' },
    { key: 's_beta', title: 'Beta', render_mode: 'templated', output_template: 'Beta is {{ fields.beta }}.' },
    { key: 's_label', title: 'Label', render_mode: 'templated', output_template: 'Label is {{ label }}.' },
    { key: 's_vendor', title: 'Vendor', render_mode: 'templated', output_template: 'Vendor {{ vendor_info.vendor }} ({{ vendor_info.rating }}).' },
    { key: 's_total', title: 'Total', render_mode: 'templated', output_template: 'The total is {{ total }}.' },
    { key: 's_doubled', title: 'Doubled', render_mode: 'templated', output_template: 'Twice gamma is {{ computed.doubled }}.' },
    {
      key: 's_clauses',
      title: 'Clauses',
      render_mode: 'templated',
      output_template: '{% for s in snippets %}{% for i in s.items %}{{ i.text.value }} {% endfor %}{% endfor %}',
    },
    { key: 's_summary', title: 'Summary', prompt: 'Summarize the engagement for {{ alpha }}' },
  ],
};

/** Every section; the synthesized one sees every field, gathered and computed value (not the library). */
const SECTIONS = SPEC.sections.map((s) => s.key);
const SYNTHESIZED = 's_summary';

type EditKind = 'alpha' | 'beta' | 'gamma' | 'vendor_name' | 'correction' | 'text' | 'tool';
const EDITS: EditKind[] = ['alpha', 'beta', 'gamma', 'vendor_name', 'correction', 'text', 'tool'];

/** Per edited input: the sections that read it (besides the synthesized one) and the gathered rows built from it. */
const MODEL: Record<EditKind, { readers: string[]; synthesized: boolean; regathered: string[] }> = {
  alpha: { readers: ['s_alpha'], synthesized: true, regathered: [] },
  beta: { readers: ['s_beta', 's_label'], synthesized: true, regathered: ['label'] },
  gamma: { readers: ['s_doubled'], synthesized: true, regathered: [] },
  vendor_name: { readers: ['s_vendor'], synthesized: true, regathered: ['vendor_info'] },
  correction: { readers: ['s_total'], synthesized: true, regathered: [] },
  text: { readers: ['s_clauses'], synthesized: false, regathered: [] },
  tool: { readers: ['s_vendor'], synthesized: true, regathered: ['vendor_info'] },
};
/** Read afresh by every run (assessment values are never cached). */
const ALWAYS_GATHERED = ['total'];
const GATHERED = ['label', 'vendor_info', 'total'];

/** A one-page invoice whose total reads "EUR 1,190.00". */
async function invoicePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText('Vendor: Initech', { x: 72, y: 720, size: 12, font });
  page.drawText('Total: EUR 1,190.00', { x: 72, y: 700, size: 12, font });
  return Buffer.from(await doc.save());
}

interface WireCause {
  cause: string;
  path: string;
  via?: string;
}
interface WireSection {
  key: string;
  staleBecause?: WireCause[];
}

describeEachDialect('staleness property', (dialect) => {
  let server: TestServer;
  let jsonApi: RunningTestServer;
  let api: Api;
  let token: string;

  beforeAll(async () => {
    jsonApi = await startJsonApiServer();
    server = await startTestServer({ dialect, env: { TOOL_ALLOWED_HOSTS: `127.0.0.1:${jsonApi.port}` } });
    api = await apiFor(server);
    token = await server.login();
    await createTemplate(api, SPEC);
  });
  afterAll(async () => {
    await server?.close();
    await jsonApi?.close();
  });

  let toolRevision = 0;
  async function registerVendorTool(): Promise<string> {
    toolRevision += 1;
    const registered = await created(api, '/v1/tool-registrations', {
      name: 'vendor-api',
      category: 'vendors',
      classPath: 'http.json',
      configJson: { url: `${jsonApi.url}/vendors`, resultPath: 'data', headers: { 'X-Revision': String(toolRevision) } },
    });
    return registered.id;
  }

  async function generate(id: string): Promise<ProgressEvent[]> {
    const started = await api.post(`/v1/documents/${id}/generate`, {});
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const events = await collectEvents(`${server.url}/v1/documents/${id}/progress`, token, { org: 'acme' });
    expect(events.at(-1)?.event, JSON.stringify(events.at(-1))).toBe('pipeline_finished');
    return events;
  }

  /** Section key → its causes as `cause:path`, asserting every section carries `staleBecause`. */
  function causesOf(sections: WireSection[]): Record<string, WireCause[]> {
    return Object.fromEntries(
      sections.map((s) => {
        expect(Array.isArray(s.staleBecause), `${s.key} carries staleBecause`).toBe(true);
        return [s.key, s.staleBecause ?? []];
      }),
    );
  }

  /** Staleness from the detail and the section list, which must agree. */
  async function staleness(id: string): Promise<Record<string, WireCause[]>> {
    const [detail, listed] = await Promise.all([api.get(`/v1/documents/${id}`), api.get(`/v1/documents/${id}/sections`)]);
    expect(detail.status).toBe(200);
    expect(listed.status).toBe(200);
    const fromDetail = causesOf(detail.body.sections);
    expect(causesOf(listed.body)).toEqual(fromDetail);
    return fromDetail;
  }

  const staleKeys = (causes: Record<string, WireCause[]>) =>
    Object.keys(causes)
      .filter((k) => causes[k].length > 0)
      .sort();

  it(`for ${ROUNDS} seeded random edits of one input, exactly its readers go stale naming it, and the next run regathers exactly what depends on it`, async () => {
    const random = seeded(SEED);
    await registerVendorTool();
    const id = (await created(api, '/v1/documents', { templateId: SPEC.slug })).document.id as string;
    expect(
      (
        await api.post(`/v1/documents/${id}/data-needs`, {
          kind: 'tool',
          output_key: 'vendor_info',
          tool_ref: 'vendor-api',
          args_json: { vendor: '{{ vendor_name }}' },
        })
      ).status,
    ).toBe(201);

    const upload = await postMultipart(server, token, 'acme', '/assessments', { name: 'Invoices' }, [
      { name: 'invoice.pdf', bytes: await invoicePdf(), type: 'application/pdf' },
    ]);
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    const assessmentId: string = upload.body.assessment.id;
    const uploaded: string = upload.body.documents[0].id;
    await server.jobs.idle();
    expect(
      (
        await api.post(`/v1/documents/${id}/data-needs`, {
          kind: 'assessment',
          output_key: 'total',
          args_json: { assessment_id: assessmentId, item_key: 'invoice.total' },
        })
      ).status,
    ).toBe(201);
    const correct = async (amount: number) => {
      const items = (await api.get(`/documents/${uploaded}/extracted-items`)).body.items as Array<{ id: string; key: string }>;
      const total = items.find((i) => i.key === 'invoice.total');
      expect(total, 'invoice.total was extracted').toBeDefined();
      const response = await api.post(`/extracted-items/${total?.id}/corrections`, { value: { amount, currency: 'EUR' }, reason: 'wrong_value' });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
    };
    await correct(1000);

    const text = await created(api, '/v1/texts', { key: 'payment', value: 'Payment within 30 days.' });
    const snippet = await created(api, '/v1/snippets', { key: 'terms' });
    expect((await api.put(`/v1/snippets/${snippet.id}/items`, { items: [{ itemType: 'text', itemKey: text.key }] })).status).toBe(200);
    await created(api, `/v1/documents/${id}/snippets`, { snippetId: snippet.id });

    await generate(id);
    const fresh = await staleness(id);
    expect(Object.keys(fresh).sort()).toEqual([...SECTIONS].sort());
    expect(staleKeys(fresh)).toEqual([]);

    for (let round = 0; round < ROUNDS; round++) {
      const kind = EDITS[Math.floor(random() * EDITS.length)];
      const n = 100 + Math.floor(random() * 900);
      const label = `seed ${SEED} round ${round}: ${kind} → ${n}`;
      let input: string;
      let answered: WireSection[] | null = null;
      switch (kind) {
        case 'correction':
          await correct(n);
          input = `assessment.${assessmentId}.invoice.total`;
          break;
        case 'text':
          expect((await api.patch(`/v1/texts/${text.id}`, { value: `Payment within ${n} days.` })).status).toBe(200);
          input = 'snippets.terms';
          break;
        case 'tool': {
          const [old] = ((await api.get('/v1/tool-registrations')).body as Array<{ id: string; name: string }>).filter((t) => t.name === 'vendor-api');
          expect((await api.delete(`/v1/tool-registrations/${old.id}`)).status).toBe(200);
          await registerVendorTool();
          input = 'tool.vendor-api';
          break;
        }
        default: {
          const value = kind === 'gamma' ? String(n) : `${kind}-${n}`;
          const put = await api.put(`/v1/documents/${id}/fields`, { fields: { [kind]: value } });
          expect(put.status, label).toBe(200);
          answered = put.body.sections;
          input = `fields.${kind}`;
        }
      }

      const expected = [...MODEL[kind].readers, ...(MODEL[kind].synthesized ? [SYNTHESIZED] : [])].sort();
      const now = await staleness(id);
      expect(staleKeys(now), label).toEqual(expected);
      for (const key of expected)
        expect(
          now[key].map((c) => c.path),
          `${label}: ${key} names the input`,
        ).toContain(input);
      // PUT /fields answers with the same detail, staleness included.
      if (answered) expect(causesOf(answered), label).toEqual(now);

      const events = await generate(id);
      const recomputed = events
        .filter((e) => e.event === 'need_started')
        .map((e) => String(e.outputKey))
        .sort();
      const cached = events
        .filter((e) => e.event === 'need_cached')
        .map((e) => String(e.outputKey))
        .sort();
      const regathered = [...MODEL[kind].regathered, ...ALWAYS_GATHERED].sort();
      expect(recomputed, `${label}: recomputed`).toEqual(regathered);
      expect(cached, `${label}: need_cached`).toEqual(GATHERED.filter((k) => !regathered.includes(k)).sort());
      expect(staleKeys(await staleness(id)), `${label}: current after the run`).toEqual([]);
    }
  });
});
