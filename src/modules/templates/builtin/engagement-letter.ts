/** Built-in template: a professional services engagement letter. */
import type { TemplateSpecInput } from '../spec-schema.js';

const RESPONSIBILITIES = [
  'The client will provide complete and accurate information and documents on time, and will tell us promptly of any change that may affect the work.',
  'The client will give us access to the people, systems and premises we reasonably need, and will take the management decisions that the services call for.',
  'We will perform the services with reasonable skill and care, by suitably qualified staff, and will keep the client informed of progress and of any issue that may affect the timetable or the fee.',
  "We will keep the client's information confidential and use it only for the engagement, except where disclosure is required by law or professional rules.",
].join(' ');

export const ENGAGEMENT_LETTER_SPEC: TemplateSpecInput = {
  specVersion: 1,
  slug: 'engagement-letter',
  title: 'Services engagement letter',
  description: 'An engagement letter setting out scope, fees, responsibilities, liability and term.',
  fields: [
    { key: 'firm_name', label: 'Our firm', valueType: 'string', isRequired: true },
    { key: 'client_name', label: 'Client', valueType: 'string', isRequired: true },
    { key: 'client_contact', label: 'Client contact person', valueType: 'string', isRequired: true },
    { key: 'client_email', label: 'Client contact email', valueType: 'email', isRequired: false },
    { key: 'services', label: 'Services (one per line)', valueType: 'text', isRequired: true },
    { key: 'start_date', label: 'Start date', valueType: 'date', isRequired: true },
    { key: 'fee_amount', label: 'Fee', valueType: 'number', isRequired: true },
    { key: 'fee_currency', label: 'Currency', valueType: 'enum', isRequired: true, options: ['EUR', 'USD', 'GBP'], value: 'EUR' },
    { key: 'fee_basis', label: 'Fee basis', valueType: 'enum', isRequired: true, options: ['fixed', 'monthly', 'hourly'], value: 'fixed' },
    { key: 'payment_days', label: 'Payment terms (days)', valueType: 'integer', isRequired: true, value: '30' },
    { key: 'liability_cap_multiple', label: 'Liability cap (multiple of fees)', valueType: 'number', isRequired: false, value: '1' },
    { key: 'governing_law', label: 'Governing law', valueType: 'string', isRequired: true, value: 'England and Wales' },
    { key: 'signatory', label: 'Signing partner', valueType: 'string', isRequired: true },
    { key: 'letter_date', label: 'Date of the letter', valueType: 'date', isRequired: false },
  ],
  dataNeeds: [
    {
      output_key: 'responsibilities_guidance',
      kind: 'static',
      name: 'Standard terms of business, clause 4',
      args_json: { value: RESPONSIBILITIES, source: { title: 'Standard terms of business, clause 4 (responsibilities)' } },
    },
    { output_key: 'service_list', kind: 'template', name: 'Services as a list', args_json: { expression: "services.split('\\n')" } },
    {
      output_key: 'fee_text',
      kind: 'template',
      name: 'Fee in words',
      args_json: {
        expression: "(fee_amount|float|currency(fee_currency)) ~ ' ' ~ ({'fixed': 'as a fixed fee', 'monthly': 'per month', 'hourly': 'per hour'}[fee_basis])",
      },
    },
  ],
  config: {
    brief: { audience: 'the client', purpose: 'agree the terms of the engagement' },
    // A letter: letterhead (organization settings), date line, addressee, subject, body, signature block.
    render: {
      pageSize: 'A4',
      layout: 'letter',
      titleTemplate: 'Engagement letter: {{ client_name }}',
      dateField: 'letter_date',
      addresseeTemplate: '{{ client_contact }}\n{{ client_name }}',
      subjectTemplate: 'Terms of engagement for {{ client_name }}',
      closingTemplate: 'Yours sincerely,',
      signatureTemplate: '{{ signatory }}\nPartner, for and on behalf of {{ firm_name }}',
      // The client countersigns below the firm's signature, never above "Yours sincerely".
      acceptanceTemplate:
        'Please sign and return a copy of this letter to confirm your agreement.\n\nAgreed for and on behalf of {{ client_name }}:\n\nSignature: ______________________\nName: {{ client_contact }}\nDate: ______________________',
      // A letter states its terms; it does not footnote them.
      citationStyle: 'none',
    },
  },
  sections: [
    {
      key: 'introduction',
      title: 'Introduction',
      render_mode: 'templated',
      output_type: 'markdown',
      output_template:
        'Dear {{ client_contact }},\n\nThank you for choosing {{ firm_name }}. This letter sets out the terms on which we will act for {{ client_name }} from {{ start_date|date("long") }}.\n',
    },
    {
      key: 'scope',
      title: 'Scope of services',
      render_mode: 'templated',
      output_type: 'markdown',
      output_template:
        'We will provide the following services:\n\n{% for line in service_list %}{% if line|trim %}- {{ line|trim }}\n{% endif %}{% endfor %}\n\nAny work outside this scope will be agreed in writing before it starts.\n',
    },
    {
      key: 'fees',
      title: 'Fees and payment',
      render_mode: 'templated',
      output_type: 'markdown',
      output_template: 'Our fee is {{ fee_text }}, exclusive of VAT. Invoices are payable within {{ payment_days }} days of the invoice date.\n',
    },
    {
      key: 'responsibilities',
      title: 'Responsibilities',
      render_mode: 'synthesized',
      output_type: 'markdown',
      prompt: 'Set out what the client must provide (information, access, decisions) and what the firm is responsible for, in plain language.',
    },
    {
      key: 'liability',
      title: 'Limitation of liability',
      render_mode: 'templated',
      output_type: 'markdown',
      output_template:
        'Our total liability arising out of or in connection with this engagement is limited to {{ liability_cap_multiple|default("1", true) }} times the fees paid under it, except for liability that cannot be limited by law.\n',
    },
    {
      key: 'term',
      title: 'Term, termination and governing law',
      render_mode: 'templated',
      output_type: 'markdown',
      output_template:
        "Either party may end this engagement by giving 30 days' written notice. Fees for work done up to that date remain payable. This letter, and any dispute arising from it, is governed by the law of {{ governing_law }}, whose courts have exclusive jurisdiction.\n",
    },
  ],
};
