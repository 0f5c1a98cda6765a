/**
 * Staleness derived from the derivation record (issue #11): after a run, changing a field marks
 * exactly the sections that read it stale on `GET /v1/documents/{id}` and `GET …/sections`
 * (`staleBecause` naming `fields.<key>`), the others report `[]`, and a new run clears it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Api, apiFor } from '../support/api.js';
import { LETTER_FIELDS } from '../support/builtin-fields.js';
import { describeEachDialect } from '../support/dialects.js';
import { collectEvents } from '../support/sse.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

/** Which templated sections of `engagement-letter` read each field directly. */
const TEMPLATED_READERS: Record<string, string[]> = {
  firm_name: ['introduction', 'acceptance'],
  client_name: ['introduction', 'acceptance'],
  client_contact: ['introduction'],
  start_date: ['introduction'],
  payment_days: ['fees'],
  liability_cap_multiple: ['liability'],
  governing_law: ['term'],
  signatory: ['acceptance'],
};
/** A synthesized section's model sees every field. */
const SYNTHESIZED = ['responsibilities'];
const NEW_VALUES: Record<string, string> = {
  firm_name: 'Southwind LLP',
  client_name: 'Fabrikam AG',
  client_contact: 'Grace Hopper',
  start_date: '2027-01-15',
  payment_days: '45',
  liability_cap_multiple: '2',
  governing_law: 'Scotland',
  signatory: 'K. Jones',
};

interface WireSection {
  key: string;
  status: string;
  staleBecause?: Array<{ cause: string; path: string }>;
}

/** Deterministic pseudo-random numbers (mulberry32), so a failing choice can be replayed. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describeEachDialect('section staleness', (dialect) => {
  let server: TestServer;
  let api: Api;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    token = await server.login();
    api = await apiFor(server);
  });
  afterAll(async () => server?.close());

  async function newLetter(): Promise<string> {
    const created = await api.post('/v1/documents', { templateId: 'engagement-letter', fields: LETTER_FIELDS });
    expect(created.status).toBe(201);
    return created.body.document.id;
  }

  async function generate(id: string): Promise<void> {
    const started = await api.post(`/v1/documents/${id}/generate`, {});
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const events = await collectEvents(`${server.url}/v1/documents/${id}/progress`, token, { org: 'acme' });
    expect(events.at(-1)?.event).toBe('pipeline_finished');
  }

  /** Section key → the `fields.*` / other paths it is stale because of, from both endpoints (which must agree). */
  async function staleness(id: string): Promise<Record<string, string[]>> {
    const detail = await api.get(`/v1/documents/${id}`);
    expect(detail.status).toBe(200);
    const listed = await api.get(`/v1/documents/${id}/sections`);
    expect(listed.status).toBe(200);
    const of = (sections: WireSection[]) =>
      Object.fromEntries(
        sections.map((s) => {
          expect(s.status).toBe('generated');
          expect(Array.isArray(s.staleBecause), `${s.key} has staleBecause`).toBe(true);
          return [s.key, (s.staleBecause ?? []).map((c) => `${c.cause}:${c.path}`).sort()];
        }),
      );
    const fromDetail = of(detail.body.sections);
    expect(of(listed.body)).toEqual(fromDetail);
    return fromDetail;
  }

  function expected(changed: string, keys: string[]): Record<string, string[]> {
    const readers = new Set([...TEMPLATED_READERS[changed], ...SYNTHESIZED]);
    return Object.fromEntries(keys.map((key) => [key, readers.has(key) ? [`fields:fields.${changed}`] : []]));
  }

  it('marks exactly the sections that read a changed field stale, naming it, and a new run clears it', async () => {
    const id = await newLetter();
    await generate(id);
    const fresh = await staleness(id);
    const keys = Object.keys(fresh);
    expect(keys.length).toBeGreaterThan(3);
    for (const key of keys) expect(fresh[key], key).toEqual([]);

    expect((await api.put(`/v1/documents/${id}/fields`, { fields: { governing_law: 'Scotland' } })).status).toBe(200);
    expect(await staleness(id)).toEqual(expected('governing_law', keys));

    await generate(id);
    for (const [key, causes] of Object.entries(await staleness(id))) expect(causes, key).toEqual([]);
  });

  it('for seeded random choices of a field, exactly the sections reading it become stale', async () => {
    const id = await newLetter();
    await generate(id);
    const keys = Object.keys(await staleness(id));
    const random = seeded(11);
    // Without replacement: a regenerated field already holds its new value.
    const candidates = Object.keys(TEMPLATED_READERS);
    for (let round = 0; round < 4; round++) {
      const [field] = candidates.splice(Math.floor(random() * candidates.length), 1);
      expect((await api.put(`/v1/documents/${id}/fields`, { fields: { [field]: `${NEW_VALUES[field]}` } })).status).toBe(200);
      expect(await staleness(id), `round ${round}: ${field}`).toEqual(expected(field, keys));
      // Putting the value back makes the section current again: staleness compares values, not events.
      const original = (LETTER_FIELDS as Record<string, unknown>)[field] ?? null;
      if (original !== null) {
        expect((await api.put(`/v1/documents/${id}/fields`, { fields: { [field]: original } })).status).toBe(200);
        for (const [key, causes] of Object.entries(await staleness(id))) expect(causes, `${field} restored: ${key}`).toEqual([]);
      } else {
        await generate(id);
      }
    }
  });
});
