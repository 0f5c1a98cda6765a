/**
 * The built-in templates as a privacy officer, a security lead and a lawyer read them (issue 31,
 * item 2), generated offline and exported as .docx over real HTTP: the DPIA's cover names the
 * controller and its risks are rated in a table by rule; the memo tables each rule, its evidence
 * and verdict with the computed recommendation; the letter has no footnotes and no "Sources"
 * heading, and the client's acceptance comes after the firm's signature.
 */
import JSZip from 'jszip';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Api, apiFor } from '../support/api.js';
import { DPIA_FIELDS, LETTER_FIELDS, MEMO_FIELDS } from '../support/builtin-fields.js';
import { describeOneDialect } from '../support/dialects.js';
import { createAndGenerate } from '../support/generate-document.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

const BUILTINS = {
  'gdpr-dpia': { ...DPIA_FIELDS, assessment_date: '2026-11-20' },
  'vendor-security-memo': { ...MEMO_FIELDS, memo_date: '2026-11-20', last_pentest_date: '2025-03-10', incident_contact: 'security@initech.example' },
  'engagement-letter': { ...LETTER_FIELDS, letter_date: '2026-11-20' },
} as const;

/** The paragraphs of a document.xml as their visible text, in order. */
function paragraphTexts(documentXml: string): string[] {
  return (documentXml.match(/<w:p[ >][\s\S]*?<\/w:p>/g) ?? []).map((p) =>
    [...p.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)]
      .map((m) => m[1])
      .join('')
      .replace(/&amp;/g, '&'),
  );
}

describeOneDialect('built-in templates written as a professional would', (dialect) => {
  let server: TestServer;
  let api: Api;
  const ids = new Map<string, string>();
  const parts = new Map<string, { document: string; footnotes: string | null }>();

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = await apiFor(server);
    const token = await server.login();
    for (const [slug, fields] of Object.entries(BUILTINS)) {
      const id = await createAndGenerate(server, api, token, slug, fields);
      ids.set(slug, id);
      const response = await server.call('GET', `/v1/documents/${id}/export.docx`, { token, org: 'acme' });
      expect(response.status).toBe(200);
      const zip = await JSZip.loadAsync(Buffer.from(await response.arrayBuffer()));
      parts.set(slug, {
        document: (await zip.file('word/document.xml')?.async('string')) ?? '',
        footnotes: (await zip.file('word/footnotes.xml')?.async('string')) ?? null,
      });
    }
  }, 240_000);
  afterAll(async () => server?.close());

  const section = async (slug: string, key: string): Promise<string> => {
    const detail = await api.get(`/v1/documents/${ids.get(slug)}`);
    return (detail.body.sections as Array<{ key: string; content: string }>).find((s) => s.key === key)?.content ?? '';
  };

  it('DPIA: the cover names the controller, not the account', () => {
    const texts = paragraphTexts(parts.get('gdpr-dpia')?.document ?? '');
    const title = texts.findIndex((t) => t.startsWith('Data Protection Impact Assessment: Patient appointment reminders'));
    expect(texts[title + 1]).toBe('Controller: Acme Health GmbH');
  });

  it('DPIA: follows Article 35(7) and rates each risk by rule (likelihood × severity → level)', async () => {
    const detail = await api.get(`/v1/documents/${ids.get('gdpr-dpia')}`);
    const titles = (detail.body.sections as Array<{ title: string }>).map((s) => s.title);
    expect(titles).toEqual([
      'Overview',
      'Need for an assessment',
      'Systematic description of the processing',
      'Necessity and proportionality',
      'Risks to the rights and freedoms of data subjects',
      'Measures to address the risks',
      'Conclusion and sign-off',
    ]);
    // Special category data (severity 3), possible access (2): high; 24 months kept (2 × 2): medium.
    const risks = await section('gdpr-dpia', 'risks');
    expect(risks).toContain('| Unauthorised access to or disclosure of the data | Possible (2) | Severe (3) | **High** |');
    expect(risks).toContain('| Data kept longer than the purpose needs | Possible (2) | Significant (2) | **Medium** |');
    const necessity = await section('gdpr-dpia', 'necessity');
    expect(necessity).toContain('Processing rests on a contract with the patients (Article 6(1)(b))');
    expect(necessity).toContain('a condition under Article 9(2) GDPR is needed in addition');
    const decisions = detail.body.decisions as Array<{ key: string; outcome: string }>;
    expect(decisions.find((d) => d.key === 'risk_confidentiality')?.outcome).toBe('high');
    expect(decisions.find((d) => d.key === 'prior_consultation')?.outcome).toBe('not_required');
    expect(await section('gdpr-dpia', 'conclusion')).toContain('prior consultation of the supervisory authority (Article 36 GDPR) is not required');
  });

  it('memo: a table of each rule, its evidence and verdict, with the computed recommendation', async () => {
    const controls = await section('vendor-security-memo', 'controls');
    expect(controls).toContain('| Rule | Evidence | Verdict |');
    expect(controls).toContain('| Penetration test at least every 12 months | Last test 10 March 2025, 20 months before the memo | Not met |');
    expect(controls).toContain('| **Recommendation** | Computed from the verdicts above | **Approve with conditions** |');
  });

  it('letter: no footnotes, no "Sources" heading, no read-back, and the acceptance after the signature', async () => {
    const { document, footnotes } = parts.get('engagement-letter') ?? { document: '', footnotes: null };
    expect(document).not.toContain('<w:footnoteReference');
    expect(footnotes ?? '').not.toMatch(/Standard terms of business/);
    const texts = paragraphTexts(document);
    expect(texts).not.toContain('Sources');
    expect(texts.join(' ')).not.toMatch(/\[\d+\]|Our firm is|The client is/);
    const closing = texts.indexOf('Yours sincerely,');
    const signer = texts.findIndex((t) => t.startsWith('J. Smith'));
    expect(texts.slice(closing)).toContain('Signature: ______________________');
    const agreed = texts.findIndex((t) => t.startsWith('Agreed for and on behalf of Contoso GmbH'));
    expect(closing).toBeGreaterThan(0);
    expect(signer).toBeGreaterThan(closing);
    expect(agreed).toBeGreaterThan(signer);
    expect(await section('engagement-letter', 'responsibilities')).not.toMatch(/Our firm is|The client is/);
  });
});
