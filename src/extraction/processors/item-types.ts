/**
 * Item types shared by the processors' catalog entries (§4.3), with their JsonLogic checks.
 */
import { ENTITY_TYPES } from '../entities.js';
import { KNOWN_FIELDS } from '../label-value.js';
import type { CheckDefinition, ItemType } from '../types.js';
import { DOCUMENT_TYPES } from '../document-type.js';

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

/** Item types of a table read cell by cell (`prc_table_rows`, and a PDF's tables in `prc_generic_fields`). */
export function tableItemTypes(): ItemType[] {
  return [
    {
      key: 'row[*].*',
      label: 'Row cell',
      value_type: 'string',
      occurrence: 'optional_multiple',
      description:
        'Cell of data row i under a header (header as a slug); the value type follows the cell (number, money by number format, percent, date, boolean, string)',
      example: 'row[0].amount',
      checks: [],
    },
    {
      key: 'line_items[*].*',
      label: 'Invoice line item',
      value_type: 'number',
      occurrence: 'optional_multiple',
      description:
        'Invoice line i: description, quantity, unit_price or amount, from a table whose headers name them; below review confidence when the lines do not add up to the subtotal or total',
      example: 'line_items[0].amount',
      checks: [],
    },
  ];
}

/** Item types of the who-and-what rules: the document's type and its parties (issuer, customer). */
export function documentItemTypes(): ItemType[] {
  const party = (who: 'issuer' | 'customer', whoLabel: string): ItemType[] => [
    {
      key: `${who}.name`,
      label: `${whoLabel} name`,
      value_type: 'string',
      occurrence: 'optional_once',
      description: `Name of the ${who}: the first line of its block (${who === 'issuer' ? 'the letterhead or an issuer label' : 'under "Bill to", "Rechnungsempfänger", "Facturé à" …'})`,
      example: who === 'issuer' ? 'Nordlicht GmbH' : 'Fabrikam Europe',
      checks: [],
    },
    {
      key: `${who}.address`,
      label: `${whoLabel} address`,
      value_type: 'address',
      occurrence: 'optional_once',
      description: `Address of the ${who}: the lines of its block under the name, joined by ", "`,
      example: 'Hauptstraße 12, 10115 Berlin',
      checks: [],
    },
    {
      key: `${who}.vat_id`,
      label: `${whoLabel} VAT id`,
      value_type: 'string',
      occurrence: 'optional_once',
      description: `VAT id of the ${who}, checked by its country's check digits`,
      example: 'DE136695976',
      checks: [],
    },
  ];
  return [
    {
      key: 'document.type',
      label: 'Document type',
      value_type: 'enum',
      occurrence: 'optional_once',
      description:
        'invoice, receipt, credit_note, statement, form or other, from the title on the first page (else inferred from the fields); invoice fields on anything but an invoice, receipt or credit note are held for review',
      example: 'invoice',
      checks: [],
      enum_values: [...DOCUMENT_TYPES],
    },
    ...party('issuer', 'Issuer'),
    ...party('customer', 'Customer'),
  ];
}
