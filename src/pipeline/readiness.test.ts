/** The readiness verdict: what blocks generation, what only needs input, and what merely warns. */
import { describe, expect, it } from 'vitest';
import { checkTemplate } from '../templating/index.js';
import { READINESS_NAMESPACES, type ReadinessInput, assessReadiness } from './readiness.js';

type Field = ReadinessInput['fields'][number];
type Need = ReadinessInput['dataNeeds'][number];

const field = (overrides: Partial<Field> & { key: string }): Field => ({
  id: `fld_${overrides.key}`,
  value: 'set',
  valueType: 'string',
  isRequired: false,
  label: null,
  options: null,
  ...overrides,
});
const need = (overrides: Partial<Need> & { outputKey: string }): Need => ({
  id: `dn_${overrides.outputKey}`,
  kind: 'static',
  dependsOn: null,
  args: { value: 1 },
  toolRef: null,
  ...overrides,
});

function readiness(overrides: Partial<ReadinessInput> = {}) {
  return assessReadiness({
    fields: [],
    sections: [],
    dataNeeds: [],
    computationNames: [],
    globals: ['today', 'document'],
    toolNames: null,
    fieldValueProblem: (valueType, value) => (valueType === 'number' && Number.isNaN(Number(value)) ? `"${value}" is not a number` : null),
    templateCheck: (source) => checkTemplate(source, READINESS_NAMESPACES),
    ...overrides,
  });
}

describe('assessReadiness', () => {
  it('is ready when every field is filled and every template variable is provided', () => {
    expect(
      readiness({
        fields: [field({ key: 'client', isRequired: true, value: 'Globex' })],
        dataNeeds: [need({ outputKey: 'rate' })],
        computationNames: ['total'],
        sections: [{ id: 'sec_1', title: 'Intro', renderMode: 'templated', outputTemplate: '{{ client }} {{ rate }} {{ total }} {{ today }}' }],
      }),
    ).toEqual({ generation_should_proceed: true, ui_state: 'ready', gaps: [] });
  });

  it('an empty required field needs input, named by its label', () => {
    const verdict = readiness({ fields: [field({ key: 'client', label: 'Client name', isRequired: true, value: '  ' })] });
    expect(verdict.generation_should_proceed).toBe(false);
    expect(verdict.ui_state).toBe('needs_input');
    expect(verdict.gaps).toEqual([
      {
        kind: 'required_field_missing',
        message: 'Fill in the required field "Client name"',
        subjectType: 'field',
        subjectId: 'fld_client',
        key: 'client',
        blocking: true,
      },
    ]);
  });

  it('a value of the wrong type is a blocking input gap', () => {
    const verdict = readiness({ fields: [field({ key: 'fee', valueType: 'number', value: 'lots' })] });
    expect(verdict.ui_state).toBe('needs_input');
    expect(verdict.gaps).toEqual([expect.objectContaining({ kind: 'field_type_invalid', message: 'Field "fee": "lots" is not a number' })]);
  });

  it('a need reading an empty field, and the needs that depend on it, wait for input (listed dependant-first or not)', () => {
    const verdict = readiness({
      fields: [field({ key: 'client', value: '' })],
      dataNeeds: [
        need({ outputKey: 'greeting', kind: 'template', dependsOn: ['client_need'] }),
        need({ outputKey: 'client_need', kind: 'field', args: { field: 'client' } }),
      ],
    });
    expect(verdict.ui_state).toBe('needs_input');
    expect(verdict.gaps.map((g) => [g.kind, g.key, g.needsInput])).toEqual([
      ['data_need_unmet', 'client_need', true],
      ['data_need_unmet', 'greeting', true],
    ]);
    expect(verdict.gaps[1].message).toBe('Data-need "greeting" cannot be gathered: it depends on "client_need", which cannot be gathered');
  });

  it('an unregistered tool or an unknown dependency blocks (no value a person could enter fixes it)', () => {
    const verdict = readiness({
      toolNames: ['rates'],
      dataNeeds: [need({ outputKey: 'matters', kind: 'tool', toolRef: 'lookup' }), need({ outputKey: 'x', dependsOn: ['nowhere'] })],
    });
    expect(verdict.ui_state).toBe('blocked');
    expect(verdict.gaps.map((g) => g.message)).toEqual([
      'Data-need "matters" cannot be gathered: its tool "lookup" is not registered in this organization',
      'Data-need "x" cannot be gathered: it depends on "nowhere", which no data-need provides',
    ]);
  });

  it('a template that does not parse, or reads a name nothing provides, blocks with the section named', () => {
    const verdict = readiness({
      sections: [
        { id: 'sec_a', title: 'Broken', renderMode: 'templated', outputTemplate: '{% if %}' },
        { id: 'sec_b', title: 'Fees', renderMode: 'templated', outputTemplate: '{{ fee_total }}' },
        { id: 'sec_c', title: 'Written by the model', renderMode: 'synthesized', outputTemplate: '{{ anything }}' },
      ],
    });
    expect(verdict.ui_state).toBe('blocked');
    expect(verdict.gaps.map((g) => [g.kind, g.subjectId, g.key])).toEqual([
      ['template_syntax_error', 'sec_a', undefined],
      ['template_variable_unprovided', 'sec_b', 'fee_total'],
    ]);
  });

  it('non-blocking gaps from elsewhere are shown but let generation proceed', () => {
    const warning = {
      kind: 'risk_block_draft' as const,
      message: 'Risk block "r1" is still a draft',
      subjectType: 'risk_block' as const,
      subjectId: 'rb_1',
      blocking: false,
    };
    const verdict = readiness({ extraGaps: [warning] });
    expect(verdict).toEqual({ generation_should_proceed: true, ui_state: 'ready', gaps: [warning] });
  });
});

describe('guided questions', () => {
  const interview = { steps: [{ key: 's', title: 'S', questions: [{ field: 'condition', askWhen: { field: 'special', equals: true } }] }] };
  const fields = (special: string) => [
    field({ key: 'special', value: special }),
    field({ key: 'condition', value: '', isRequired: true, valueType: 'number' }),
  ];

  it('does not count a required field whose question is not asked as a gap', () => {
    expect(readiness({ fields: fields('false'), interview }).gaps).toEqual([]);
    expect(readiness({ fields: fields('false'), interview }).generation_should_proceed).toBe(true);
  });

  it('counts it once an answer makes it asked', () => {
    expect(readiness({ fields: fields('true'), interview }).gaps.map((g) => [g.kind, g.key])).toEqual([['required_field_missing', 'condition']]);
  });
});
