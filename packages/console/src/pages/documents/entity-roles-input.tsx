/**
 * A binding's roles: rows of "role → entity", the entity picked from the organization's
 * entities by name. Rows left wholly blank are dropped; a half-filled row is sent as it is, so
 * the server's rule (no blank role, no blank entity) answers with its own words.
 */
import { Link } from '../../shell/router';
import type { Entity } from './bindings-api';

export interface RoleRow {
  role: string;
  entityId: string;
}

export function rowsOf(bindings: Record<string, string> | undefined): RoleRow[] {
  const rows = Object.entries(bindings ?? {}).map(([role, entityId]) => ({ role, entityId }));
  return rows.length > 0 ? rows : [{ role: '', entityId: '' }];
}

export function entityBindingsOf(rows: readonly RoleRow[]): Record<string, string> {
  return Object.fromEntries(rows.filter((row) => row.role.trim() !== '' || row.entityId !== '').map((row) => [row.role, row.entityId]));
}

export function EntityRolesInput({
  idPrefix,
  rows,
  entities,
  disabled,
  onChange,
}: {
  idPrefix: string;
  rows: RoleRow[];
  entities: readonly Entity[];
  disabled: boolean;
  onChange(rows: RoleRow[]): void;
}) {
  const change = (index: number, patch: Partial<RoleRow>) => onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <fieldset className="field roles" aria-describedby={`${idPrefix}-roles-hint`}>
      <legend>Roles</legend>
      <p className="hint" id={`${idPrefix}-roles-hint`}>
        Which entity plays each role the snippet's texts use (e.g. client).
        {entities.length === 0 ? (
          <>
            {' '}
            The organization has no entities yet: add them under <Link to="/library/entities">Library › Entities</Link>.
          </>
        ) : null}
      </p>
      {rows.map((row, index) => {
        const n = index + 1;
        return (
          <div className="role-row" key={index}>
            <label htmlFor={`${idPrefix}-role-${n}`}>Role {n}</label>
            <input id={`${idPrefix}-role-${n}`} value={row.role} disabled={disabled} onChange={(event) => change(index, { role: event.target.value })} />
            <label htmlFor={`${idPrefix}-entity-${n}`}>Entity of role {n}</label>
            <select
              id={`${idPrefix}-entity-${n}`}
              value={row.entityId}
              disabled={disabled}
              onChange={(event) => change(index, { entityId: event.target.value })}
            >
              <option value="">— choose —</option>
              {entities.map((entity) => (
                <option key={entity.id} value={entity.id}>
                  {entity.kind ? `${entity.name} (${entity.kind})` : entity.name}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="button-quiet"
              disabled={disabled}
              aria-label={`Remove role ${n}`}
              onClick={() => onChange(rows.length > 1 ? rows.filter((_, i) => i !== index) : [{ role: '', entityId: '' }])}
            >
              Remove
            </button>
          </div>
        );
      })}
      <button type="button" className="button-quiet" disabled={disabled} onClick={() => onChange([...rows, { role: '', entityId: '' }])}>
        Add a role
      </button>
    </fieldset>
  );
}
