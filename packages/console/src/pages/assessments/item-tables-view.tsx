/**
 * Table cells and invoice line items as grids under their header names (item-tables.ts). Each
 * cell is a button that selects its item — its box lights up on the page image — and says
 * whether the item is decided; the selected cell is pressed.
 */
import type { ExtractedItem } from '@quire/client';
import { valueText } from './item-anchors';
import { itemTables } from './item-tables';

export function ItemTablesView({
  items,
  selectedId,
  onSelect,
}: {
  items: readonly ExtractedItem[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const tables = itemTables(items);
  if (tables.length === 0) return null;
  return (
    <section className="item-tables" aria-labelledby="item-tables-title" data-testid="item-tables">
      <h2 id="item-tables-title">Tables</h2>
      {tables.map((table) => (
        <div className="table-scroll" key={table.id}>
          <table className="table item-table">
            <caption>{table.title}</caption>
            <thead>
              <tr>
                <th scope="col">{table.rowHeader}</th>
                {table.columns.map((c) => (
                  <th scope="col" key={c.field}>
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row) => (
                <tr key={row.label}>
                  <th scope="row">{row.label}</th>
                  {table.columns.map((c) => {
                    const item = row.cells.get(c.field);
                    if (!item) return <td key={c.field} />;
                    const selected = item.id === selectedId;
                    return (
                      <td key={c.field} className={selected ? 'item-cell item-box-selected' : 'item-cell'} data-status={item.validation.status}>
                        <button type="button" className="cell-button" aria-pressed={selected} onClick={() => onSelect(item.id)}>
                          {valueText(item) || <em>empty</em>}
                          <span className="visually-hidden"> ({item.validation.status.replace('_', ' ')})</span>
                        </button>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </section>
  );
}
