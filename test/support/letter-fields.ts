/** The fields that make the built-in `engagement-letter` template ready to generate. */
export const LETTER_FIELDS = {
  firm_name: 'Northwind LLP',
  client_name: 'Contoso GmbH',
  client_contact: 'Ada Lovelace',
  services: 'Tax advice\nAudit support',
  start_date: '2026-12-01',
  fee_amount: 12000,
  signatory: 'J. Smith',
};
