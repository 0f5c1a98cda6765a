/**
 * The rules every organization starts with. They are harmless by construction: `bind_snippet`
 * does nothing unless the organization has a snippet with that key, and `set_field` without
 * `overwrite` only fills a field the document already has and that is still empty.
 */
import type { RuleDefinition } from './rule-actions.js';

export const DEFAULT_RULEBOOK: RuleDefinition[] = [
  {
    name: 'personal-data-binds-gdpr-clauses',
    description: 'An intake that mentions personal data or the GDPR binds the gdpr-clauses snippet (when the library has one).',
    when: { mentions: [{ var: 'text' }, 'personal data', 'GDPR', 'data protection', 'data subject', 'DSGVO'] },
    then: [{ action: 'bind_snippet', snippetKey: 'gdpr-clauses' }],
  },
  {
    name: 'sender-email-fills-contact-email',
    description: 'The first e-mail address of the intake fills an empty contact_email field.',
    when: { '!!': [{ var: 'entities.emails.0' }] },
    then: [{ action: 'set_field', key: 'contact_email', fromFact: 'entities.emails.0' }],
  },
];
