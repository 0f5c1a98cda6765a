/**
 * Item types shared by the processors' catalog entries (§4.3), with their JsonLogic checks.
 */
import { ENTITY_TYPES } from '../entities.js';
import { KNOWN_FIELDS } from '../label-value.js';
import type { CheckDefinition, ItemType } from '../types.js';

const DATE_PLAUSIBLE: CheckDefinition = {
  id: 'date_plausible',
  severity: 'warning',
  rule: { and: [{ '>=': [{ var: 'value' }, '1900-01-01'] }, { '<=': [{ var: 'value' }, '2100-12-31'] }] },
  message: 'date is outside 1900-01-01 … 2100-12-31',
};

/** Checks by key for the label/value fields. */
const FIELD_CHECKS: Record<string, CheckDefinition[]> = {
  'invoice.total': [{ id: 'total_positive', severity: 'error', rule: { '>': [{ var: 'value.amount' }, 0] }, message: 'the total must be greater than 0' }],
  'invoice.subtotal': [
    { id: 'subtotal_not_negative', severity: 'error', rule: { '>=': [{ var: 'value.amount' }, 0] }, message: 'the subtotal must not be negative' },
  ],
  'invoice.tax': [{ id: 'tax_not_negative', severity: 'warning', rule: { '>=': [{ var: 'value.amount' }, 0] }, message: 'the tax is negative' }],
  'invoice.date': [DATE_PLAUSIBLE],
  'invoice.due_date': [DATE_PLAUSIBLE],
  'invoice.number': [{ id: 'number_not_empty', severity: 'error', rule: { '!!': [{ var: 'value' }] }, message: 'the invoice number is empty' }],
};

/** Item types of the label/value rules (known labels plus the generic `label.*` family). */
export function labelValueItemTypes(): ItemType[] {
  const known: ItemType[] = KNOWN_FIELDS.map((f) => ({
    key: f.key,
    label: f.label,
    value_type: f.value_type,
    occurrence: 'optional_once',
    description: `${f.description}. Labels: ${f.labels.map((l) => `"${l}"`).join(', ')}`,
    example: f.example,
    checks: FIELD_CHECKS[f.key] ?? [],
  }));
  known.push({
    key: 'label.*',
    label: 'Other labelled field',
    value_type: 'string',
    occurrence: 'optional_multiple',
    description: 'Any other "Label: value" pair; * is the label as a slug (e.g. label.account_manager)',
    example: 'Jane Doe',
    checks: [],
  });
  return known;
}

/** Item types of the entity rules. */
export function entityItemTypes(): ItemType[] {
  return ENTITY_TYPES.map((t) => ({
    key: t.key,
    label: t.label,
    value_type: t.value_type,
    occurrence: 'optional_multiple',
    description: t.description,
    example: t.example,
    checks: t.value_type === 'date' ? [DATE_PLAUSIBLE] : [],
  }));
}
