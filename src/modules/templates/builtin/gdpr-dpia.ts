/** Built-in template: a GDPR Data Protection Impact Assessment (Art. 35). */
import type { TemplateSpecInput } from '../spec-schema.js';

const ARTICLE_35 = [
  'Article 35(1) GDPR: where a type of processing, in particular using new technologies, is likely to result in a high risk to the rights and freedoms of natural persons, the controller shall, prior to the processing, carry out an assessment of the impact of the envisaged processing operations on the protection of personal data.',
  'Article 35(3) GDPR requires an assessment in particular for systematic and extensive evaluation of personal aspects based on automated processing including profiling, processing on a large scale of special categories of data referred to in Article 9(1), and systematic monitoring of a publicly accessible area on a large scale.',
  'Article 35(7) GDPR: the assessment shall contain at least a systematic description of the envisaged processing operations and the purposes of the processing, an assessment of the necessity and proportionality of the processing operations in relation to the purposes, an assessment of the risks to the rights and freedoms of data subjects, and the measures envisaged to address the risks.',
  'Article 36(1) GDPR: the controller shall consult the supervisory authority prior to processing where a data protection impact assessment indicates that the processing would result in a high risk in the absence of measures taken by the controller to mitigate the risk.',
].join(' ');

const RISK_GUIDANCE = [
  'Typical risks to data subjects include unauthorised access to personal data, loss of confidentiality of special category data, inaccurate data leading to wrong decisions, excessive retention, and function creep where data is reused for incompatible purposes.',
  'Transfers of personal data outside the European Economic Area require a transfer mechanism under Chapter V GDPR, such as an adequacy decision or standard contractual clauses together with a transfer impact assessment.',
  'Common measures include encryption at rest and in transit, role-based access control, pseudonymisation, data minimisation, defined retention schedules with automatic deletion, staff training, and processor agreements under Article 28 GDPR.',
].join(' ');

export const GDPR_DPIA_SPEC: TemplateSpecInput = {
  specVersion: 1,
  slug: 'gdpr-dpia',
  title: 'Data Protection Impact Assessment (GDPR Art. 35)',
  description: 'A DPIA for a new or changed processing operation: description, necessity, risks, measures and sign-off.',
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
        high_risk: "fields.special_categories = 'true' or fields.transfers_outside_eea = 'true'",
      },
    },
    brief: { audience: 'data protection officer and the supervisory authority', purpose: 'document a DPIA under Article 35 GDPR' },
    // A report: cover, contents, numbered chapters; the cover names the processing and carries the assessment's own date.
    render: {
      layout: 'report',
      headingNumbering: true,
      toc: true,
      titleTemplate: 'Data Protection Impact Assessment: {{ processing_name }}',
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
        'This assessment covers **{{ processing_name }}**, carried out by {{ controller_name }}.\n\n' +
        '| Item | Detail |\n|---|---|\n| Controller | {{ controller_name }} |\n| Data protection officer | {{ dpo_contact|default("not appointed", true) }} |\n' +
        '| Assessment date | {{ assessment_date|date("long")|default("not set", true) }} |\n| Assessor | {{ assessor|default("not named", true) }} |\n',
    },
    {
      key: 'description',
      title: 'Systematic description of the processing',
      render_mode: 'templated',
      output_type: 'markdown',
      output_template:
        '**Purpose.** {{ processing_purpose }}\n\n**Data subjects.** {{ data_subjects }}\n\n**Categories of personal data:**\n\n' +
        "{% for category in data_categories.split(',') %}- {{ category|trim }}\n{% endfor %}\n\n" +
        '**Lawful basis.** {{ basis|replace("_", " ") }} (Article 6(1) GDPR).\n\n' +
        '**Retention.** {{ retention_text }} (about {{ computed.retention_years }} years).\n\n' +
        '**Special categories.** {{ "Yes" if special_categories == "true" else "No" }}. **Transfers outside the EEA.** {{ "Yes" if transfers_outside_eea == "true" else "No" }}.\n',
    },
    {
      key: 'necessity',
      title: 'Necessity and proportionality',
      render_mode: 'synthesized',
      output_type: 'markdown',
      prompt:
        'Assess whether the processing is necessary and proportionate to its purpose, citing the legal requirements of Article 35(7) GDPR, the lawful basis and the retention period.',
    },
    {
      key: 'risks',
      title: 'Risks to the rights and freedoms of data subjects',
      render_mode: 'synthesized',
      output_type: 'markdown',
      prompt:
        'Identify the risks to data subjects from this processing (confidentiality, accuracy, retention, transfers) and rate their likelihood and severity.',
    },
    {
      key: 'measures',
      title: 'Measures to address the risks',
      render_mode: 'synthesized',
      output_type: 'list',
      prompt:
        'List the technical and organisational measures that address each risk, including encryption, access control, minimisation, retention and processor agreements.',
    },
    {
      key: 'conclusion',
      title: 'Conclusion and sign-off',
      render_mode: 'templated',
      output_type: 'markdown',
      output_template:
        '{% if computed.high_risk %}The processing involves special categories of data or transfers outside the EEA. If the residual risk stays high after the measures above, ' +
        '{{ controller_name }} must consult the supervisory authority before processing starts (Article 36 GDPR).\n\n' +
        '{% else %}With the measures above, the residual risk is considered acceptable and prior consultation of the supervisory authority is not required.\n\n{% endif %}' +
        'Signed for {{ controller_name }}: ______________________  Date: {{ assessment_date|date("long")|default("__________", true) }}\n',
    },
  ],
};
