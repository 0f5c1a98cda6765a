/** Field values a user would fill in for each built-in template, shared by the flows that generate them. */

export const LETTER_FIELDS = {
  firm_name: 'Northwind LLP',
  client_name: 'Contoso GmbH',
  client_contact: 'Ada Lovelace',
  services: 'Tax advice\nAudit support',
  start_date: '2026-12-01',
  fee_amount: 12000,
  signatory: 'J. Smith',
};

export const DPIA_FIELDS = {
  controller_name: 'Acme Health GmbH',
  processing_name: 'Patient appointment reminders',
  processing_purpose: 'Send appointment reminders by text message',
  data_categories: 'name, phone number, appointment time',
  data_subjects: 'patients',
  lawful_basis: 'contract',
  special_categories: 'true',
  special_categories_condition: 'health_or_social_care',
  retention_months: 24,
  transfers_outside_eea: 'false',
};

export const MEMO_FIELDS = {
  vendor_name: 'Initech Cloud',
  service_description: 'hosted payroll processing',
  data_classification: 'confidential',
  has_soc2: 'true',
  has_iso27001: 'false',
  reviewer: 'Sam Reviewer',
  last_pentest_date: '2026-03-01',
};
