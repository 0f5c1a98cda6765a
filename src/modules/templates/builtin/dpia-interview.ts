/**
 * The DPIA's guided questions (issue 33, item 3): its fields in the order a DPO walks them, with
 * why each is asked, and two questions asked only when an earlier answer needs them — the
 * Article 9(2) condition when special categories are processed, the Chapter V mechanism when
 * data leaves the EEA. Answers are checked as a DPO would: a retention period is a count of months
 * (not negative, at most a century), and a DPIA under Article 35 is dated no earlier than 25 May
 * 2018, when the GDPR began to apply (docs/adr/0691).
 */
import type { Interview } from '../../../kernel/interview.js';

/** The two conditional fields, declared beside the others in gdpr-dpia.ts. */
export const DPIA_CONDITIONAL_FIELDS = [
  {
    key: 'special_categories_condition',
    label: 'Condition for special category data (Art. 9(2))',
    valueType: 'enum',
    isRequired: true,
    options: ['explicit_consent', 'employment_law', 'vital_interests', 'health_or_social_care', 'public_health', 'substantial_public_interest', 'legal_claims'],
  },
  {
    key: 'transfer_mechanism',
    label: 'Transfer mechanism (Chapter V)',
    valueType: 'enum',
    isRequired: true,
    options: ['adequacy_decision', 'standard_contractual_clauses', 'binding_corporate_rules', 'derogation_art_49'],
  },
];

export const DPIA_INTERVIEW: Interview = {
  steps: [
    {
      key: 'parties',
      title: 'Who is responsible',
      intro: 'The controller decides why and how the data is processed; the DPO is consulted on the assessment (Art. 35(2)).',
      questions: [
        { field: 'controller_name', help: 'The DPIA is the controller’s duty, and the report names it on its cover.', examples: ['Acme Health GmbH'] },
        { field: 'dpo_contact', help: 'Article 35(2) asks the controller to seek the data protection officer’s advice.' },
      ],
    },
    {
      key: 'processing',
      title: 'The processing',
      intro: 'A systematic description of the processing and its purposes (Art. 35(7)(a)).',
      questions: [
        {
          field: 'processing_name',
          examples: ['Patient appointment reminders'],
          rules: [{ maxLength: 120, message: 'Keep the name to 120 characters: it is the report’s title' }],
        },
        {
          field: 'processing_purpose',
          help: 'Necessity and proportionality are judged against the purpose.',
          examples: ['Send appointment reminders by text message'],
        },
        { field: 'data_categories', examples: ['name, phone number, appointment time'] },
        { field: 'data_subjects', examples: ['patients', 'employees'] },
        { field: 'lawful_basis', help: 'Every processing needs one of the six bases of Article 6(1).' },
      ],
    },
    {
      key: 'risks',
      title: 'Sensitive data, retention and transfers',
      intro: 'These answers set the likelihood and severity of the risks the report rates.',
      questions: [
        { field: 'special_categories', help: 'Health, biometric, religious and other Article 9 data raise the severity of every risk.' },
        {
          field: 'special_categories_condition',
          askWhen: { field: 'special_categories', equals: true },
          help: 'Article 9(1) forbids processing special categories unless one of the conditions of Article 9(2) applies.',
        },
        {
          field: 'retention_months',
          help: 'Keeping data longer than the purpose needs is a risk the report rates.',
          examples: ['24'],
          rules: [
            { min: 0, message: 'A retention period cannot be negative: enter 0 or more months' },
            { max: 1200, message: 'Enter at most 1200 months (100 years)' },
          ],
        },
        { field: 'transfers_outside_eea', help: 'A transfer outside the EEA needs a Chapter V mechanism.' },
        {
          field: 'transfer_mechanism',
          askWhen: { field: 'transfers_outside_eea', equals: true },
          help: 'Chapter V allows a transfer only on an adequacy decision, appropriate safeguards or a derogation.',
        },
      ],
    },
    {
      key: 'sign_off',
      title: 'Sign-off',
      questions: [
        {
          field: 'assessment_date',
          rules: [{ min: '2018-05-25', message: 'A DPIA under Article 35 GDPR is dated on or after 25 May 2018, when the GDPR began to apply' }],
        },
        { field: 'assessor', examples: ['Maria Keller'] },
      ],
    },
  ],
};
