/**
 * Which column fills which field: an explicit mapping first, then a column named like a field's
 * key or label (case, spaces, `_` and `-` ignored). Pure, so the preview and the run agree.
 */
import { DomainValidationError } from '../../kernel/errors.js';
import { fieldValueRefusal } from '../documents/fields/field-values.js';
import type { FieldRecord } from '../documents/fields/field.repository.js';

export type TemplateField = Pick<FieldRecord, 'key' | 'label' | 'valueType' | 'options' | 'isRequired' | 'value'>;

export interface ColumnMapping {
  column: string;
  field: string | null;
  by: 'mapping' | 'key' | 'label' | null;
}

export interface FieldMapping {
  columns: ColumnMapping[];
  unmappedColumns: string[];
  /** Required fields with no column and no template default: every row would be missing them. */
  missingRequired: string[];
}

export interface RowProblem {
  row: number;
  field: string;
  /** `invalid`: the value can never fit the field (refuses the request); `missing`: a required value is blank (fails that row). */
  kind: 'invalid' | 'missing';
  message: string;
}

function normalized(name: string): string {
  return name.toLowerCase().replace(/[\s_-]+/g, '');
}

/** The field a column names, by key first, then by label. */
function matchOf(column: string, fields: readonly TemplateField[]): Pick<ColumnMapping, 'field' | 'by'> {
  const n = normalized(column);
  const byKey = fields.find((f) => normalized(f.key) === n);
  if (byKey) return { field: byKey.key, by: 'key' };
  const byLabel = fields.find((f) => f.label !== null && normalized(f.label) === n);
  return byLabel ? { field: byLabel.key, by: 'label' } : { field: null, by: null };
}

/**
 * @param explicit column → field key (or null to leave the column out); it wins over matching by name.
 * @throws DomainValidationError when the explicit mapping names an unknown column or field, or two columns fill one field.
 */
export function mapColumns(columns: readonly string[], fields: readonly TemplateField[], explicit: Record<string, string | null> = {}): FieldMapping {
  const keys = new Set(fields.map((f) => f.key));
  for (const [column, field] of Object.entries(explicit)) {
    if (!columns.includes(column)) throw new DomainValidationError(`mapping names the column "${column}", which the table does not have`);
    if (field !== null && !keys.has(field))
      throw new DomainValidationError(`mapping sends the column "${column}" to "${field}", which is not a field of the template`);
  }
  const mapped = columns.map((column): ColumnMapping => {
    if (column in explicit) {
      const field = explicit[column] ?? null;
      return { column, field, by: field === null ? null : 'mapping' };
    }
    return { column, ...matchOf(column, fields) };
  });
  const byField = new Map<string, string>();
  for (const m of mapped) {
    if (m.field === null) continue;
    const other = byField.get(m.field);
    if (other !== undefined)
      throw new DomainValidationError(`the columns "${other}" and "${m.column}" both fill the field "${m.field}": map one of them elsewhere`);
    byField.set(m.field, m.column);
  }
  return {
    columns: mapped,
    unmappedColumns: mapped.filter((m) => m.field === null).map((m) => m.column),
    missingRequired: fields.filter((f) => f.isRequired && !byField.has(f.key) && f.value.trim() === '').map((f) => f.key),
  };
}

/** A row's field values: mapped columns only (an unmapped column is not a field). */
export function fieldsOfRow(row: Record<string, string>, mapping: FieldMapping): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const m of mapping.columns) if (m.field !== null) fields[m.field] = (row[m.column] ?? '').trim();
  return fields;
}

/** What is wrong with one row's values: values that can never fit their type, and required values left blank. */
export function problemsOfRow(rowNumber: number, values: Record<string, string>, fields: readonly TemplateField[]): RowProblem[] {
  const problems: RowProblem[] = [];
  for (const field of fields) {
    const value = values[field.key];
    const effective = value === undefined || value === '' ? field.value : value;
    if (value !== undefined && value !== '') {
      const refusal = fieldValueRefusal(field, value);
      if (refusal) problems.push({ row: rowNumber, field: field.key, kind: 'invalid', message: refusal });
    }
    if (field.isRequired && effective.trim() === '') {
      problems.push({ row: rowNumber, field: field.key, kind: 'missing', message: `field "${field.key}" is required and blank` });
    }
  }
  return problems;
}
