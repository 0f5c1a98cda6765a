/**
 * The offline composer by section intent, with field definitions as the pipeline passes them:
 * statements instead of "Label: value", findings that assess rather than repeat, recommendations
 * that recommend, and citations the deterministic verify stage accepts.
 */
import { describe, expect, it } from 'vitest';
import { checkCitations } from '../../pipeline/verify/check-citations.js';
import { type ComposeSectionInput, type FieldFact, composeSection } from './compose-section.js';

const BASELINE =
  'Vendors handling confidential or restricted data must hold a current SOC 2 Type II report or ISO/IEC 27001 certification. ' +
  'Vendors must notify us of a security incident affecting our data within 72 hours and name an incident contact. ' +
  'Data must be encrypted in transit with TLS 1.2 or later and at rest with AES-256 or equivalent.';
const GUIDANCE =
  'Typical risks include unauthorised access to personal data, excessive retention, and function creep. ' +
  'Transfers of personal data outside the European Economic Area require a transfer mechanism under Chapter V GDPR. ' +
  'Common measures include encryption at rest and in transit, role-based access control, and defined retention schedules with automatic deletion.';

const memoFields = (over: Record<string, string> = {}): FieldFact[] => {
  const values: Record<string, string> = {
    vendor_name: 'Initech Cloud',
    data_classification: 'confidential',
    has_soc2: 'true',
    has_iso27001: 'false',
    incident_contact: '',
    ...over,
  };
  return [
    { key: 'vendor_name', label: 'Vendor', valueType: 'string', options: null, value: values.vendor_name },
    {
      key: 'data_classification',
      label: 'Highest data classification',
      valueType: 'enum',
      options: ['internal', 'confidential', 'strictly_confidential'],
      value: values.data_classification,
    },
    { key: 'has_soc2', label: 'SOC 2 Type II report available?', valueType: 'boolean', options: null, value: values.has_soc2 },
    { key: 'has_iso27001', label: 'ISO/IEC 27001 certified?', valueType: 'boolean', options: null, value: values.has_iso27001 },
    { key: 'incident_contact', label: 'Incident contact (email)', valueType: 'email', options: null, value: values.incident_contact },
  ];
};

/** The form's values as the check stage states them (label, value). */
const stated = (fields: FieldFact[]) => fields.filter((f) => f.value !== '').map((f) => ({ label: f.label ?? f.key, value: f.value }));

const memo = (over: Partial<ComposeSectionInput>): ComposeSectionInput => ({
  title: 'Findings',
  prompt: 'Compare the vendor against the security baseline and describe each gap.',
  outputType: 'markdown',
  context: {},
  fields: memoFields(),
  sources: [{ n: 1, title: 'Vendor security baseline', text: BASELINE }],
  ...over,
});

const sources = [{ n: 1, title: 'Vendor security baseline', text: BASELINE }];
const KEY_VALUE_LINE = /^(?:[-*]\s+)?[A-Z][\p{L}()/?0-9]*(?:\s+[\p{L}()/?0-9]+){0,6}:\s+\S/mu;

describe('composeSection with field definitions', () => {
  it('states findings: each fact with the requirement it meets or falls short of, in one cited and verifiable sentence', () => {
    const out = composeSection(memo({}));
    expect(out.content).toContain(
      'A SOC 2 Type II report is available, which satisfies the requirement that vendors handling confidential or restricted data hold a current SOC 2 Type II report or ISO/IEC 27001 certification [1].',
    );
    expect(out.content).toContain(
      'No incident contact is on record, which falls short of the requirement that vendors notify us of a security incident affecting our data within 72 hours and name an incident contact [1].',
    );
    // What is not evidenced is the recommendation's to ask for (one section says it, not two); no tally, no value read back.
    expect(out.content).not.toContain('encrypted in transit');
    expect(out.content).not.toMatch(/^Of \w+ requirements/);
    expect(out.content).not.toContain('The vendor is Initech Cloud.');
    // An alternative met (SOC 2) is not a gap for the other (ISO 27001).
    expect(out.content).not.toContain('not ISO/IEC 27001 certified');
    // The findings do not copy the baseline's sentences.
    for (const sentence of BASELINE.split(/(?<=\.) /)) expect(out.content).not.toContain(sentence);
    expect(out.citations).toEqual([1]);
    expect(checkCitations(out.content, sources).unsupported).toEqual([]);
    expect(out.content).not.toMatch(KEY_VALUE_LINE);
  });

  it('recommends: a decision when the prompt offers one, and an action per gap', () => {
    const prompt = 'Recommend approve, approve with conditions, or reject, with the conditions the vendor must meet.';
    const out = composeSection(memo({ title: 'Recommendation', prompt }));
    expect(out.content.startsWith('Approve Initech Cloud on condition that the action below is completed first.')).toBe(true);
    expect(out.content).toContain(
      'Obtain the incident contact from Initech Cloud and record it, to meet the requirement that vendors notify us of a security incident affecting our data within 72 hours and name an incident contact [1].',
    );
    expect(out.content).toContain('Obtain evidence for the requirement that data be encrypted in transit');
    // The action names the vendor from the form: the check reads the form's values as stated facts, as the pipeline's does.
    expect(checkCitations(out.content, sources, stated(memoFields())).unsupported).toEqual([]);

    const noReport = composeSection(
      memo({ title: 'Recommendation', prompt, fields: memoFields({ has_soc2: 'false', incident_contact: 'sec@initech.example' }) }),
    );
    expect(noReport.content).toContain('Obtain a SOC 2 Type II report from Initech Cloud and require Initech Cloud to become ISO/IEC 27001 certified, to meet');

    const withoutDecision = composeSection(memo({ title: 'Recommendation', prompt: 'Recommend next steps.' }));
    expect(withoutDecision.content).not.toMatch(/^(Approve|Reject)/);
    expect(withoutDecision.content).toContain('Obtain the incident contact');
  });

  it('approves outright when nothing falls short', () => {
    const out = composeSection(
      memo({ title: 'Recommendation', prompt: 'Recommend approve or reject.', fields: memoFields({ incident_contact: 'sec@initech.example' }) }),
    );
    expect(out.content.startsWith('Approve Initech Cloud.')).toBe(true);
  });

  it('says what a condition brings into play in one sentence, and lists the measures (not risks) by name', () => {
    const fields: FieldFact[] = [
      { key: 'transfers_outside_eea', label: 'Transfers outside the EEA?', valueType: 'boolean', options: null, value: 'true' },
      { key: 'retention_months', label: 'Retention period (months)', valueType: 'integer', options: null, value: '24' },
    ];
    const guidance = [{ n: 2, title: 'Guidance', text: GUIDANCE }];
    const risks = composeSection({
      title: 'Risks',
      prompt: 'Identify the risks to data subjects.',
      outputType: 'markdown',
      context: {},
      fields,
      sources: guidance,
    });
    expect(risks.content).toContain(
      'Because there are transfers outside the EEA, transfers of personal data outside the European Economic Area require a transfer mechanism under Chapter V GDPR [2].',
    );
    expect(risks.content).toContain('Because the retention period is 24 months, excessive retention matters most [2].');
    expect(checkCitations(risks.content, guidance, stated(fields)).unsupported).toEqual([]);

    const measures = composeSection({
      title: 'Measures to address the risks',
      prompt: 'List the measures that address each risk.',
      outputType: 'list',
      context: {},
      fields,
      sources: guidance,
    });
    const lines = measures.content.split('\n');
    // Named, not "Put in place …" on every line; a risk is not a measure.
    expect(lines).toEqual([
      '- Encryption at rest and in transit [2].',
      '- Role-based access control [2].',
      '- Defined retention schedules with automatic deletion [2].',
    ]);
    expect(checkCitations(measures.content, guidance).unsupported).toEqual([]);
  });

  it('never shows a key, a raw option id or true/false, whatever the intent and shape', () => {
    const fields = memoFields({ data_classification: 'strictly_confidential' });
    for (const title of ['Summary', 'Findings', 'Recommendation', 'Conclusion', 'Vendor details']) {
      for (const outputType of ['markdown', 'list', 'string'] as const) {
        const out = composeSection(memo({ title, prompt: 'Describe the vendor and its data classification.', outputType, fields }));
        expect(out.content, `${title}/${outputType}`).not.toMatch(KEY_VALUE_LINE);
        expect(out.content).not.toMatch(/strictly_confidential|has_soc2|vendor_name|\btrue\b|\bfalse\b/);
      }
    }
    // With nothing to quote the values are stated; next to sources, they would only read the form back.
    const summary = composeSection(memo({ title: 'Summary', prompt: null, fields, sources: [] }));
    expect(summary.content).toContain('The vendor is Initech Cloud. The highest data classification is strictly confidential.');
    const quoted = composeSection(memo({ title: 'Summary', prompt: null, fields }));
    expect(quoted.content).not.toContain('The vendor is Initech Cloud.');
    expect(quoted.citations).toEqual([1]);
  });

  it('is deterministic', () => {
    for (const title of ['Summary', 'Findings', 'Recommendation']) expect(composeSection(memo({ title }))).toEqual(composeSection(memo({ title })));
  });
});
