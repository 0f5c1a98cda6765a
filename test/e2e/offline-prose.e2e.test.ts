/**
 * Offline writing that reads as prose (issue #15): each built-in template, filled in as a user
 * would, generated with the default offline composer. Its synthesized sections must read as
 * sentences — no "Label: value" lines, no raw option ids or true/false — cite the sources the
 * verify stage accepts, and a recommendation must recommend something.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Api, apiFor } from '../support/api.js';
import { DPIA_FIELDS, LETTER_FIELDS, MEMO_FIELDS } from '../support/builtin-fields.js';
import { describeOneDialect } from '../support/dialects.js';
import { type ProgressEvent, collectEvents } from '../support/sse.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

interface Section {
  key: string;
  title: string;
  render_mode: string;
  content: string;
}

/** The values the issue saw dumped: an underscored enum and a true boolean. */
const CASES = [
  ['gdpr-dpia', { ...DPIA_FIELDS, lawful_basis: 'legitimate_interests', transfers_outside_eea: 'true', transfer_mechanism: 'standard_contractual_clauses' }],
  ['vendor-security-memo', MEMO_FIELDS],
  ['engagement-letter', { ...LETTER_FIELDS, fee_basis: 'monthly' }],
] as const;

/** A line that is a form entry: a short capitalized label, a colon, a value. */
const KEY_VALUE_LINE = /^(?:[-*]\s+)?[A-Z][\p{L}()/?0-9]*(?:\s+[\p{L}()/?0-9]+){0,6}:\s+\S/mu;
/** Verbs a recommendation opens an action with. */
const IMPERATIVE =
  /(?:^|[.!?]\s+|\n[-*]\s+)(?:Approve|Reject|Require|Obtain|Request|Ask|Confirm|Name|Schedule|Encrypt|Review|Restrict|Document|Adopt|Put|Sign|Make|Keep|Set|Define|Agree|Record|Consult|Carry|Meet)\b/;

describeOneDialect('offline prose', (dialect) => {
  let server: TestServer;
  let api: Api;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    token = await server.login();
    api = await apiFor(server);
  });
  afterAll(async () => server?.close());

  async function generated(
    slug: string,
    fields: Record<string, unknown>,
  ): Promise<{
    id: string;
    sections: Section[];
    finished: ProgressEvent & { unsupported_sections: unknown[] };
    fields: Array<{ key: string; label: string | null; options: string[] | null }>;
  }> {
    const created = await api.post('/v1/documents', { templateId: slug, fields });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.document.id as string;
    const started = await api.post(`/v1/documents/${id}/generate`, {});
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const events = await collectEvents(`${server.url}/v1/documents/${id}/progress`, token, { org: 'acme' });
    const finished = events.at(-1) as ProgressEvent & { unsupported_sections: unknown[] };
    expect(finished.event, JSON.stringify(finished)).toBe('pipeline_finished');
    const sections = (await api.get(`/v1/documents/${id}/sections`)).body as Section[];
    const definitions = (await api.get(`/v1/documents/${id}/fields`)).body.fields;
    return { id, sections, finished, fields: definitions };
  }

  for (const [slug, values] of CASES) {
    it(`${slug}: synthesized sections read as cited prose that verify accepts`, async () => {
      const { sections, finished, fields } = await generated(slug, values);
      const synthesized = sections.filter((s) => s.render_mode === 'synthesized');
      expect(synthesized.length, slug).toBeGreaterThan(0);
      expect(finished.unsupported_sections, slug).toEqual([]);
      const optionIds = fields.flatMap((f) => (f.options ?? []).filter((o) => /_/.test(o)));
      const labels = fields.flatMap((f) => [f.label ?? '', f.key]).filter((l) => l !== '');
      expect(labels.length).toBeGreaterThan(0);
      for (const section of synthesized) {
        const where = `${slug}/${section.key}:\n${section.content}`;
        expect(section.content, where).not.toMatch(KEY_VALUE_LINE);
        for (const label of labels) expect(section.content, where).not.toContain(`${label}:`);
        for (const id of optionIds) expect(section.content, where).not.toContain(id);
        expect(section.content, where).not.toMatch(/\b(true|false)\b/);
        expect(section.content, where).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
        expect(section.content, where).toMatch(/\[\d+\]/);
      }
    });
  }

  it("the memo's findings state gaps instead of repeating the baseline, and its recommendation recommends actions", async () => {
    const { sections } = await generated('vendor-security-memo', MEMO_FIELDS);
    const byKey = Object.fromEntries(sections.map((s) => [s.key, s]));
    const findings = byKey.findings.content;
    // Initech holds SOC 2 but names no incident contact: that gap is a finding, tied to the rule it fails
    // (not "The vendor is Initech Cloud.", which only read the form back).
    expect(findings).toMatch(/No incident contact is named, which (falls short of|does not meet) the requirement that vendors notify us/);
    expect(findings).not.toContain('The vendor is Initech Cloud.');
    // Not a copy of the baseline: the baseline's own sentences are not the findings.
    expect(findings).not.toContain('Vendors must notify us of a security incident affecting our data within 72 hours and name an incident contact.');
    const recommendation = byKey.recommendation.content;
    expect(recommendation, recommendation).toMatch(IMPERATIVE);
    expect(recommendation).toMatch(/incident contact/i);
    expect(recommendation).toMatch(/\bapprov|\breject/i);
  });

  it('a live reproduce of an offline run writes the same text: the field definitions are pinned with the run', async () => {
    const { id, sections } = await generated('vendor-security-memo', MEMO_FIELDS);
    const snapshotId = (await api.get(`/v1/documents/${id}/generation-snapshots`)).body[0].id as string;
    const live = await api.post(`/v1/documents/${id}/generation-snapshots/${snapshotId}/reproduce`, { mode: 'live' });
    expect(live.status, JSON.stringify(live.body)).toBe(200);
    expect(live.body.modelCalls).toBe(sections.filter((s) => s.render_mode === 'synthesized').length);
    expect(live.body).toMatchObject({ mode: 'live', identical: true });
  });

  it("the DPIA's boolean and enum fields become statements in context, never raw values", async () => {
    const { sections } = await generated('gdpr-dpia', CASES[0][1]);
    const all = sections.map((s) => s.content).join('\n\n');
    const written = sections
      .filter((s) => s.render_mode === 'synthesized')
      .map((s) => s.content)
      .join('\n\n');
    // The lawful basis is assessed (Article 6(1)(f)), not read back; a condition is the reason a provision applies.
    expect(all).toMatch(/rests on legitimate interests \(Article 6\(1\)\(f\)\)/);
    expect(written).toMatch(/^Because there are special categories of data \(Art\. 9\), Article 35\(3\) GDPR requires/);
    expect(written).not.toMatch(/\btrue\b|\bfalse\b|legitimate_interests/);
  });
});
