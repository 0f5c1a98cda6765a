/**
 * Built-in template: a GDPR Data Protection Impact Assessment, in the order Article 35(7) sets
 * out — the need for it, a systematic description, necessity and proportionality, the risks
 * rated in a table (likelihood × severity, by the rules in dpia-decisions.ts), the measures with
 * the residual risk, and the conclusion on prior consultation (Article 36).
 */
import type { TemplateSpecInput } from '../spec-schema.js';
import { DPIA_DECISIONS } from './dpia-decisions.js';
import { DPIA_CONDITIONAL_FIELDS, DPIA_INTERVIEW } from './dpia-interview.js';

const ARTICLE_35 = [
  'Article 35(1) GDPR: where a type of processing, in particular using new technologies, is likely to result in a high risk to the rights and freedoms of natural persons, the controller shall, prior to the processing, carry out an assessment of the impact of the envisaged processing operations on the protection of personal data.',
  'Article 35(3) GDPR requires an assessment in particular for systematic and extensive evaluation of personal aspects based on automated processing including profiling, processing on a large scale of special categories of data referred to in Article 9(1), and systematic monitoring of a publicly accessible area on a large scale.',
  'Article 35(7) GDPR: the assessment shall contain at least a systematic description of the envisaged processing operations and the purposes of the processing, an assessment of the necessity and proportionality of the processing operations in relation to the purposes, an assessment of the risks to the rights and freedoms of data subjects, and the measures envisaged to address the risks.',
  'Article 36(1) GDPR: the controller shall consult the supervisory authority prior to processing where a data protection impact assessment indicates that the processing would result in a high risk in the absence of measures taken by the controller to mitigate the risk.',
].join(' ');

// The measures and risks a DPIA commonly names: the source the risk and measure tables draw on (and the check-stage gold set's).
const RISK_GUIDANCE = [
  'Typical risks to data subjects include unauthorised access to personal data, loss of confidentiality of special category data, inaccurate data leading to wrong decisions, excessive retention, and function creep where data is reused for incompatible purposes.',
  'Transfers of personal data outside the European Economic Area require a transfer mechanism under Chapter V GDPR, such as an adequacy decision or standard contractual clauses together with a transfer impact assessment.',
  'Common measures include encryption at rest and in transit, role-based access control, pseudonymisation, data minimisation, defined retention schedules with automatic deletion, staff training, and processor agreements under Article 28 GDPR.',
].join(' ');

export const GDPR_DPIA_SPEC: TemplateSpecInput = {
  specVersion: 1,
  slug: 'gdpr-dpia',
  title: 'Data Protection Impact Assessment (GDPR Art. 35)',
  description: 'A DPIA for a new or changed processing operation: need, description, necessity and proportionality, rated risks, measures and sign-off.',
  fields: [
    {
      key: 'controller_name',
      label: 'Controller',
      valueType: 'string',
      isRequired: true,
      description: 'The organization that decides why and how data is processed',
    },
    { key: 'dpo_contact', label: 'Data protection officer (email)', valueType: 'email', isRequired: false },
    { key: 'processing_name', label: 'Name of the processing operation', valueType: 'string', isRequired: true },
    { key: 'processing_purpose', label: 'Purpose of the processing', valueType: 'text', isRequired: true },
    { key: 'data_categories', label: 'Categories of personal data (comma separated)', valueType: 'text', isRequired: true },
    { key: 'data_subjects', label: 'Categories of data subjects', valueType: 'string', isRequired: true },
    {
      key: 'lawful_basis',
      label: 'Lawful basis (Art. 6)',
      valueType: 'enum',
      isRequired: true,
      options: ['consent', 'contract', 'legal_obligation', 'vital_interests', 'public_task', 'legitimate_interests'],
    },
    { key: 'special_categories', label: 'Special categories of data (Art. 9)?', valueType: 'boolean', isRequired: true, value: 'false' },
    { key: 'retention_months', label: 'Retention period (months)', valueType: 'integer', isRequired: true },
    { key: 'transfers_outside_eea', label: 'Transfers outside the EEA?', valueType: 'boolean', isRequired: true, value: 'false' },
    { key: 'assessment_date', label: 'Date of the assessment', valueType: 'date', isRequired: false },
    { key: 'assessor', label: 'Assessor', valueType: 'string', isRequired: false },
    ...DPIA_CONDITIONAL_FIELDS,
  ],
  dataNeeds: [
    {
      output_key: 'legal_framework',
      kind: 'static',
      name: 'GDPR Article 35 and 36',
      args_json: { value: ARTICLE_35, source: { title: 'Regulation (EU) 2016/679, Articles 35–36', url: 'https://eur-lex.europa.eu/eli/reg/2016/679/oj' } },
    },
    {
      output_key: 'risk_guidance',
      kind: 'static',
      name: 'Risk and measures guidance',
      args_json: { value: RISK_GUIDANCE, source: { title: 'Quire DPIA guidance note' } },
    },
    { output_key: 'basis', kind: 'field', name: 'Lawful basis', args_json: { field: 'lawful_basis' } },
    { output_key: 'retention_text', kind: 'template', name: 'Retention in words', args_json: { expression: "retention_months ~ ' months'" } },
  ],
  config: {
    coordination: {
      computations: {
        retention_years: '$round($number(fields.retention_months) / 12, 1)',
        // Each risk's likelihood and severity on scales of 1 (remote / minimal) to 3 (probable / severe), from the facts of the processing.
        confidentiality_likelihood: '2',
        confidentiality_severity: "fields.special_categories = 'true' ? 3 : 2",
        retention_likelihood: '$number(fields.retention_months) > 24 ? 3 : ($number(fields.retention_months) > 12 ? 2 : 1)',
        retention_severity: "fields.special_categories = 'true' ? 2 : 1",
        transfer_likelihood: "fields.transfers_outside_eea = 'true' ? 2 : 1",
        transfer_severity: "fields.special_categories = 'true' ? 3 : 2",
        accuracy_likelihood: '2',
        accuracy_severity: '1',
        // After the measures: each likelihood one step lower (not below 1), except a transfer's, which rests on the law of the country of destination.
        residual_score:
          "(\n  $s := fields.special_categories = 'true' ? 3 : 2;\n  $m := $number(fields.retention_months);\n  $r := $m > 24 ? 2 : 1;\n" +
          "  $t := fields.transfers_outside_eea = 'true' ? 2 : 1;\n  $max([$s, $r * ($s - 1), $t * $s, 1])\n)",
      },
    },
    // Risk levels, the residual risk and prior consultation are decided by rules; the text explains them (issue 31).
    decisions: { items: DPIA_DECISIONS },
    // Asked as an interview in the console; the conditional questions count for readiness only when asked.
    interview: DPIA_INTERVIEW as Record<string, unknown>,
    brief: { audience: 'data protection officer and the supervisory authority', purpose: 'document a DPIA under Article 35 GDPR' },
    // A report: cover, contents, numbered chapters; the cover names the processing and the controller (not the account), with the assessment's date.
    render: {
      layout: 'report',
      headingNumbering: true,
      toc: true,
      citationStyle: 'footnotes',
      titleTemplate: 'Data Protection Impact Assessment: {{ processing_name }}',
      partyTemplate: 'Controller: {{ controller_name }}',
      dateField: 'assessment_date',
    },
  },
  sections: [
    {
      key: 'overview',
      title: 'Overview',
      render_mode: 'templated',
      output_type: 'markdown',
      output_template:
        'This assessment was prepared for {{ controller_name }} before **{{ processing_name }}** begins. It follows the structure of Article 35(7) GDPR: ' +
        'why an assessment is needed, what the processing involves, whether it is necessary and proportionate, which risks it poses to the people concerned, and how those risks are reduced.\n\n' +
        '| Item | Detail |\n|---|---|\n| Controller | {{ controller_name }} |\n| Data protection officer | {{ dpo_contact|default("not appointed", true) }} |\n' +
        '| Assessment date | {{ assessment_date|date("long")|default("not set", true) }} |\n| Assessor | {{ assessor|default("not named", true) }} |\n' +
        '| Residual risk | {{ decisions.residual_risk.label }} |\n| Prior consultation (Art. 36) | {{ decisions.prior_consultation.label }} |\n',
    },
    {
      key: 'need',
      title: 'Need for an assessment',
      render_mode: 'synthesized',
      output_type: 'markdown',
      prompt:
        'Identify which provisions of Article 35 GDPR make this assessment necessary, given special categories of data, transfers and the scale of the processing, citing the Regulation.',
    },
    {
      key: 'description',
      title: 'Systematic description of the processing',
      render_mode: 'templated',
      output_type: 'markdown',
      output_template:
        'The nature, scope, context and purposes of the processing, as Article 35(7)(a) GDPR asks them to be described:\n\n' +
        '| Aspect | Description |\n|---|---|\n| Purpose | {{ processing_purpose }} |\n| Data subjects | {{ data_subjects|capitalize }} |\n' +
        '| Personal data | {{ data_categories }} |\n| Lawful basis | {{ basis|replace("_", " ")|capitalize }} (Article 6(1) GDPR) |\n' +
        '| Special categories (Art. 9) | {{ "Yes" if special_categories == "true" else "No" }} |\n' +
        '| Retention | {{ retention_text }} (about {{ computed.retention_years }} {{ "year" if computed.retention_years == 1 else "years" }}) |\n' +
        '| Transfers outside the EEA | {{ "Yes" if transfers_outside_eea == "true" else "No" }} |\n',
    },
    {
      key: 'necessity',
      title: 'Necessity and proportionality',
      render_mode: 'templated',
      output_type: 'markdown',
      output_template:
        '**Lawful basis.** {% if lawful_basis == "contract" %}Processing rests on a contract with the {{ data_subjects }} (Article 6(1)(b)), so it may go only as far as that contract requires.' +
        '{% elif lawful_basis == "consent" %}Processing rests on the consent of the {{ data_subjects }} (Article 6(1)(a)), which they may withdraw at any time; processing must then stop.' +
        '{% elif lawful_basis == "legal_obligation" %}Processing is required by a legal obligation of the controller (Article 6(1)(c)), which defines how far it may go.' +
        '{% elif lawful_basis == "vital_interests" %}Processing protects the vital interests of the {{ data_subjects }} (Article 6(1)(d)), a basis that holds only while no other basis is available.' +
        '{% elif lawful_basis == "public_task" %}Processing is needed for a task in the public interest (Article 6(1)(e)), within the limits of the law that sets that task.' +
        '{% else %}Processing rests on legitimate interests (Article 6(1)(f)), which must be weighed against the interests of the {{ data_subjects }} in a documented balancing test.{% endif %}' +
        '{% if special_categories == "true" %} Because special category data are involved, a condition under Article 9(2) GDPR is needed in addition.{% endif %}\n\n\n' +
        '**Data minimisation.** Only {{ data_categories }} are collected. Any category the purpose does not need should be dropped before processing starts.\n\n' +
        '**Storage limitation.** Records are kept for {{ retention_text }}; ' +
        '{% if computed.retention_likelihood == 1 %}a period of a year or less is proportionate for this purpose.' +
        '{% elif computed.retention_likelihood == 2 %}a period over a year needs a documented reason tied to the purpose, and deletion must be automatic when it ends.' +
        '{% else %}a period over two years is longer than the purpose suggests and should be shortened or justified in writing.{% endif %}\n\n\n' +
        '**Rights of the data subjects.** The {{ data_subjects }} are told of the processing when their data are collected and can exercise their rights of access, rectification and erasure through {{ dpo_contact|default("the controller", true) }}.\n',
    },
    {
      key: 'risks',
      title: 'Risks to the rights and freedoms of data subjects',
      render_mode: 'templated',
      output_type: 'markdown',
      output_template:
        "{% set scale = ['Remote', 'Possible', 'Probable'] %}{% set harm = ['Minimal', 'Significant', 'Severe'] %}" +
        'Each risk is rated by its likelihood and its severity for the {{ data_subjects }}, each on a scale of 1 to 3; their product decides the level (6 to 9 high, 3 or 4 medium, 1 or 2 low).\n\n' +
        '| Risk | Likelihood | Severity | Level |\n|---|---|---|---|\n' +
        '| Unauthorised access to or disclosure of the data | {{ scale[computed.confidentiality_likelihood - 1] }} ({{ computed.confidentiality_likelihood }}) | {{ harm[computed.confidentiality_severity - 1] }} ({{ computed.confidentiality_severity }}) | **{{ decisions.risk_confidentiality.label }}** |\n' +
        '| Data kept longer than the purpose needs | {{ scale[computed.retention_likelihood - 1] }} ({{ computed.retention_likelihood }}) | {{ harm[computed.retention_severity - 1] }} ({{ computed.retention_severity }}) | **{{ decisions.risk_retention.label }}** |\n' +
        '| Transfer without adequate protection outside the EEA | {{ scale[computed.transfer_likelihood - 1] }} ({{ computed.transfer_likelihood }}) | {{ harm[computed.transfer_severity - 1] }} ({{ computed.transfer_severity }}) | **{{ decisions.risk_transfer.label }}** |\n' +
        '| Inaccurate data leading to wrong action | {{ scale[computed.accuracy_likelihood - 1] }} ({{ computed.accuracy_likelihood }}) | {{ harm[computed.accuracy_severity - 1] }} ({{ computed.accuracy_severity }}) | **{{ decisions.risk_accuracy.label }}** |\n\n' +
        '{% if special_categories == "true" %}Severity is higher wherever special category data could be exposed, since their disclosure can cause discrimination or distress.{% else %}No special category data are involved, which keeps the severity of a disclosure moderate.{% endif %}\n',
    },
    {
      key: 'measures',
      title: 'Measures to address the risks',
      render_mode: 'templated',
      output_type: 'markdown',
      output_template:
        '| Risk | Measures | Effect on the risk |\n|---|---|---|\n' +
        '| Unauthorised access or disclosure | Encryption at rest and in transit; role-based access control; staff training | Likelihood one step lower |\n' +
        '| Excessive retention | Retention schedule of {{ retention_text }} with automatic deletion | Likelihood one step lower |\n' +
        '| Transfer outside the EEA | {% if transfers_outside_eea == "true" %}Standard contractual clauses with a transfer impact assessment (Chapter V GDPR){% else %}No transfer takes place; processor contracts forbid one without approval{% endif %} | {% if transfers_outside_eea == "true" %}Unchanged: it rests on the law of the country of destination{% else %}None to reduce{% endif %} |\n' +
        '| Inaccurate data | Records checked against the source when they are created; data subjects can correct them | Likelihood one step lower |\n\n' +
        'Processors act under a contract meeting Article 28 GDPR. With these measures in place, the residual risk is **{{ decisions.residual_risk.label|lower }}**: {{ decisions.residual_risk.reasons|join(" ")|lower }}\n',
    },
    {
      key: 'conclusion',
      title: 'Conclusion and sign-off',
      render_mode: 'templated',
      output_type: 'markdown',
      output_template:
        '{% if decisions.prior_consultation.outcome == "required" %}{{ controller_name }} must consult the supervisory authority before processing starts (Article 36 GDPR): a risk stays high after the measures above.' +
        '{% else %}{{ controller_name }} may begin the processing once the measures above are in place; prior consultation of the supervisory authority (Article 36 GDPR) is not required, since the residual risk after the measures is {{ decisions.residual_risk.label|lower }}.{% endif %}' +
        ' This assessment should be reviewed when the processing changes.\n\n' +
        'Signed for {{ controller_name }}: ______________________  Date: {{ assessment_date|date("long")|default("__________", true) }}\n',
    },
  ],
};
