import { describe, expect, it } from 'vitest';
import type { OrchestrationRuleRecord } from './orchestration-rule.repository.js';
import { type PlanInput, planOrchestration } from './plan-orchestration.js';
import { evaluateConditions } from '../../../tenant-code/evaluate-logic.js';
import type { RuleAction } from './rule-actions.js';
import { mentions } from './rule-logic.js';

const rule = (name: string, when: Record<string, unknown>, then: RuleAction[]): OrchestrationRuleRecord => ({
  id: `rule_${name}`,
  name,
  description: null,
  ordinal: 0,
  when,
  then,
  createdAt: '',
  updatedAt: '',
});
const facts = {
  fields: { client_name: 'Acme GmbH', contact_email: '', country: '' },
  entities: {
    people: ['Jane Doe'],
    organizations: ['Acme GmbH'],
    places: ['Berlin'],
    dates: [],
    money: [{ text: 'EUR 25,000', amount: 25000, currency: 'EUR' }],
    emails: ['jane@acme.example'],
  },
  text: 'We process personal data of our customers in Berlin.',
};

/** The plan with the conditions evaluated in this thread (the evaluator a worker runs). */
const planWith = (input: Omit<PlanInput, 'conditions'>) =>
  planOrchestration({
    ...input,
    conditions: evaluateConditions(
      input.rules.map((r) => r.when),
      input.facts,
    ),
  });

describe('mentions', () => {
  it('matches whole words, case-insensitively', () => {
    expect(mentions('Subject to the gdpr.', 'GDPR')).toBe(true);
    expect(mentions('Personal Data', ['personal data'])).toBe(true);
    expect(mentions('GDPRX', 'GDPR')).toBe(false);
    expect(mentions(null, 'GDPR')).toBe(false);
  });
});

describe('planOrchestration', () => {
  it('applies matched rules in order, fills only empty existing fields and binds known snippets once', () => {
    const plan = planWith({
      rules: [
        rule('gdpr', { mentions: [{ var: 'text' }, 'personal data'] }, [
          { action: 'bind_snippet', snippetKey: 'gdpr-clauses', entityBindings: { controller: 'ent_1' } },
          { action: 'set_field', key: 'country', fromFact: 'entities.places.0' },
        ]),
        rule('again', { '!!': [{ var: 'entities.emails.0' }] }, [
          { action: 'bind_snippet', snippetKey: 'gdpr-clauses' },
          { action: 'set_field', key: 'contact_email', fromFact: 'entities.emails.0' },
          { action: 'set_field', key: 'client_name', value: 'Other' },
          { action: 'set_field', key: 'ghost', value: 'x' },
          { action: 'bind_snippet', snippetKey: 'missing' },
          { action: 'set_field', key: 'country', value: 'France', overwrite: true },
        ]),
        rule('never', { '==': [{ var: 'fields.client_name' }, 'Globex'] }, [{ action: 'set_field', key: 'client_name', value: 'x' }]),
        rule('broken', { nope: [1] }, [{ action: 'set_field', key: 'client_name', value: 'x' }]),
      ],
      facts,
      snippetsByKey: new Map([['gdpr-clauses', { id: 'snp_1' }]]),
      boundSnippetIds: new Set(),
    });
    expect(plan.bindings).toEqual([{ snippetId: 'snp_1', snippetKey: 'gdpr-clauses', entityBindings: { controller: 'ent_1' }, entityNames: {}, rule: 'gdpr' }]);
    expect(plan.fieldsFromRules).toEqual({ country: { value: 'Berlin', rule: 'gdpr' }, contact_email: { value: 'jane@acme.example', rule: 'again' } });
    expect(plan.entries.map((e) => e.matched)).toEqual([true, true, false, false]);
    expect(plan.entries[1].actions.map((a) => [a.status, a.reason ?? null])).toEqual([
      ['skipped', 'the snippet is bound to the document already'],
      ['applied', null],
      ['skipped', 'the field has a value already (set overwrite to replace it)'],
      ['skipped', 'the document has no field "ghost"'],
      ['skipped', 'the library has no snippet "missing"'],
      ['skipped', 'already set by rule "gdpr"'],
    ]);
    expect(plan.entries[3].error).toMatch(/Unrecognized operation nope/);
  });

  it('resolves a role naming a party by fact to the name found (with its kind), and leaves out a role whose fact is empty', () => {
    const plan = planWith({
      rules: [
        rule('gdpr', { mentions: [{ var: 'text' }, 'personal data'] }, [
          {
            action: 'bind_snippet',
            snippetKey: 'gdpr-clauses',
            entityBindings: { controller: 'entities.organizations.0', contact: 'entities.people.0', auditor: 'entities.organizations.5', processor: 'ent_9' },
          },
        ]),
      ],
      facts,
      snippetsByKey: new Map([['gdpr-clauses', { id: 'snp_1' }]]),
      boundSnippetIds: new Set(),
    });
    expect(plan.bindings).toEqual([
      {
        snippetId: 'snp_1',
        snippetKey: 'gdpr-clauses',
        rule: 'gdpr',
        entityBindings: { processor: 'ent_9' },
        entityNames: { controller: { name: 'Acme GmbH', kind: 'organization' }, contact: { name: 'Jane Doe', kind: 'person' } },
      },
    ]);
  });

  it('does not bind a snippet the document already has', () => {
    const plan = planWith({
      rules: [rule('gdpr', { mentions: [{ var: 'text' }, 'personal data'] }, [{ action: 'bind_snippet', snippetKey: 'gdpr-clauses' }])],
      facts,
      snippetsByKey: new Map([['gdpr-clauses', { id: 'snp_1' }]]),
      boundSnippetIds: new Set(['snp_1']),
    });
    expect(plan.bindings).toEqual([]);
  });
});
