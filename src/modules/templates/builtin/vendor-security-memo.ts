/** Built-in template: a vendor security assessment memo. */
import type { TemplateSpecInput } from '../spec-schema.js';
import { VENDOR_MEMO_DECISIONS } from './vendor-memo-decisions.js';

const BASELINE = [
  'Vendors handling confidential or restricted data must hold a current SOC 2 Type II report or ISO/IEC 27001 certification.',
  'Penetration tests must be performed at least every 12 months by an independent tester, with critical findings remediated within 30 days.',
  'Vendors must notify us of a security incident affecting our data within 72 hours and name an incident contact.',
  'Data must be encrypted in transit with TLS 1.2 or later and at rest with AES-256 or equivalent.',
  'Access to our data must use single sign-on with multi-factor authentication and be reviewed quarterly.',
].join(' ');

export const VENDOR_SECURITY_MEMO_SPEC: TemplateSpecInput = {
  specVersion: 1,
  slug: 'vendor-security-memo',
  title: 'Vendor security assessment memo',
  description: 'A memo assessing a vendor against the security baseline, with findings and a recommendation.',
  fields: [
    { key: 'vendor_name', label: 'Vendor', valueType: 'string', isRequired: true },
    { key: 'service_description', label: 'Service provided', valueType: 'text', isRequired: true },
    {
      key: 'data_classification',
      label: 'Highest data classification',
      valueType: 'enum',
      isRequired: true,
      options: ['public', 'internal', 'confidential', 'restricted'],
    },
    { key: 'has_soc2', label: 'SOC 2 Type II report available?', valueType: 'boolean', isRequired: true, value: 'false' },
    { key: 'has_iso27001', label: 'ISO/IEC 27001 certified?', valueType: 'boolean', isRequired: true, value: 'false' },
    { key: 'last_pentest_date', label: 'Date of the last penetration test', valueType: 'date', isRequired: false },
    { key: 'incident_contact', label: 'Incident contact (email)', valueType: 'email', isRequired: false },
    { key: 'annual_contract_value', label: 'Annual contract value', valueType: 'number', isRequired: false },
    { key: 'reviewer', label: 'Reviewer', valueType: 'string', isRequired: true },
    { key: 'memo_date', label: 'Memo date', valueType: 'date', isRequired: false },
  ],
  dataNeeds: [
    {
      output_key: 'security_baseline',
      kind: 'static',
      name: 'Vendor security baseline',
      args_json: { value: BASELINE, source: { title: 'Vendor security baseline v3' } },
    },
    {
      output_key: 'certifications',
      kind: 'template',
      name: 'Certifications held',
      args_json: {
        expression:
          "('SOC 2 Type II' if has_soc2 == 'true' else 'no SOC 2 report') ~ ', ' ~ ('ISO/IEC 27001' if has_iso27001 == 'true' else 'no ISO/IEC 27001 certificate')",
      },
    },
  ],
  config: {
    coordination: {
      computations: {
        certified: "fields.has_soc2 = 'true' or fields.has_iso27001 = 'true'",
        sensitive: "fields.data_classification in ['confidential', 'restricted']",
        // Whole calendar months from the last penetration test to the memo's date (the run's day when none is set).
        pentest_age_months:
          '(\n  $d := fields.last_pentest_date;\n  $ref := fields.memo_date ? fields.memo_date : $substring($now(), 0, 10);\n' +
          '  $d ? ($number($substring($ref, 0, 4)) - $number($substring($d, 0, 4))) * 12 + $number($substring($ref, 5, 2)) - $number($substring($d, 5, 2))' +
          ' - ($number($substring($ref, 8, 2)) < $number($substring($d, 8, 2)) ? 1 : 0) : null\n)',
      },
    },
    // The recommendation is computed from the evidence by these rules; the prose explains it (issue 31).
    decisions: { items: VENDOR_MEMO_DECISIONS },
    brief: { audience: 'the procurement committee', purpose: 'decide whether to onboard the vendor' },
    // A memo: the To/From/Date/Subject header is the layout's, its subject (the title) names the vendor.
    render: {
      layout: 'memo',
      citationStyle: 'footnotes',
      titleTemplate: 'Security assessment of {{ vendor_name }}',
      dateField: 'memo_date',
      toTemplate: 'Procurement committee',
      fromTemplate: '{{ reviewer }}',
    },
  },
  sections: [
    {
      key: 'summary',
      title: 'Summary',
      render_mode: 'templated',
      output_type: 'markdown',
      output_template:
        '{{ vendor_name }} is proposed to provide {{ service_description }}{% if annual_contract_value %} under a contract worth {{ annual_contract_value|float|currency("EUR") }} a year{% endif %}. ' +
        'Because the service would handle **{{ data_classification }}** data, it was assessed against the vendor security baseline; the table below gives each rule, the evidence and the verdict.\n',
    },
    {
      key: 'controls',
      title: 'Control assessment',
      render_mode: 'templated',
      output_type: 'markdown',
      output_template:
        '| Rule | Evidence | Verdict |\n|---|---|---|\n' +
        '| Independent assurance (SOC 2 Type II or ISO/IEC 27001) | Holds {{ certifications }} | {{ decisions.assurance.label }} |\n' +
        '| Penetration test at least every 12 months | {{ ("Last test " ~ last_pentest_date|date("long") ~ ", " ~ computed.pentest_age_months ~ " months before the memo") if last_pentest_date else "No test date given" }} | {{ decisions.penetration_test.label }} |\n' +
        '| Incident contact named | {{ incident_contact if incident_contact else "None named" }} | {{ decisions.incident_contact.label }} |\n' +
        '| **Recommendation** | Computed from the verdicts above | **{{ decisions.recommendation.label }}** |\n',
    },
    {
      key: 'findings',
      title: 'Findings',
      render_mode: 'synthesized',
      output_type: 'markdown',
      prompt: 'Compare the vendor against the security baseline and describe each gap, citing the baseline requirement it fails.',
    },
    {
      key: 'recommendation',
      title: 'Recommendation',
      render_mode: 'synthesized',
      output_type: 'markdown',
      prompt:
        'The recommendation is decided by the rules (decisions.recommendation in the context): state it as decided and explain it from the reasons and the baseline, ' +
        'with the conditions the vendor must meet before onboarding. Do not reach a different conclusion.',
    },
  ],
};
