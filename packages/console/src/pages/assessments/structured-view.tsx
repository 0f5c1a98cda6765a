/**
 * Files without pages drawn as what their items point at: the cells of a spreadsheet (a grid of
 * the rows and columns the items cover, each cell showing the text read there) and the
 * paragraphs of a .docx (in document order). The selected item's cell or paragraph stands out.
 */
import type { ExtractedItem } from '@quire/client';
import { docxBlocks, sheetCells } from './item-anchors';

function columnName(column: number): string {
  let name = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

export function SheetView({ items, selectedId, onSelect }: { items: readonly ExtractedItem[]; selectedId: string | null; onSelect: (id: string) => void }) {
  const cells = items.flatMap((item) => sheetCells(item).map((cell) => ({ item, cell })));
  const sheets = [...new Set(cells.map((c) => c.cell.sheet))];
  return (
    <div className="sheet-view" data-testid="sheet-view">
      {sheets.map((sheet) => {
        const here = cells.filter((c) => c.cell.sheet === sheet);
        const rows = here.map((c) => c.cell.row);
        const columns = here.map((c) => c.cell.column);
        const [r0, r1, c0, c1] = [Math.min(...rows), Math.max(...rows), Math.min(...columns), Math.max(...columns)];
        const at = new Map(here.map((c) => [`${c.cell.row}:${c.cell.column}`, c]));
        return (
          <table className="table sheet-grid" key={sheet}>
            <caption>Sheet {sheet}</caption>
            <thead>
              <tr>
                <th scope="col">Row</th>
                {Array.from({ length: c1 - c0 + 1 }, (_, i) => (
                  <th scope="col" key={i}>
                    {columnName(c0 + i)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {Array.from({ length: r1 - r0 + 1 }, (_, r) => (
                <tr key={r}>
                  <th scope="row">{r0 + r}</th>
                  {Array.from({ length: c1 - c0 + 1 }, (_, c) => {
                    const hit = at.get(`${r0 + r}:${c0 + c}`);
                    if (!hit) return <td key={c} />;
                    const selected = hit.item.id === selectedId;
                    return (
                      <td key={c} className={selected ? 'item-cell item-box-selected' : 'item-cell'} data-testid={selected ? 'selected-item-box' : 'item-box'}>
                        <button type="button" className="cell-button" tabIndex={-1} onClick={() => onSelect(hit.item.id)}>
                          {hit.item.provenance.quote || hit.item.value_text}
                        </button>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        );
      })}
      {sheets.length === 0 ? <p className="empty">No item points at a cell.</p> : null}
    </div>
  );
}

export function DocxView({ items, selectedId, onSelect }: { items: readonly ExtractedItem[]; selectedId: string | null; onSelect: (id: string) => void }) {
  const blocks = items.flatMap((item) => docxBlocks(item).map((block) => ({ item, block }))).sort((a, b) => a.block.block_index - b.block.block_index);
  return (
    <ol className="docx-view" data-testid="docx-view">
      {blocks.map(({ item, block }) => {
        const selected = item.id === selectedId;
        return (
          <li
            key={`${item.id}:${block.block_index}`}
            value={block.block_index + 1}
            className={selected ? 'item-paragraph item-box-selected' : 'item-paragraph'}
            data-testid={selected ? 'selected-item-box' : 'item-box'}
          >
            <button type="button" className="cell-button" tabIndex={-1} onClick={() => onSelect(item.id)}>
              <span className="hint">
                {block.block_type === 'table_cell' ? 'Table cell' : 'Paragraph'} {block.block_index + 1}:{' '}
              </span>
              {item.provenance.quote}
            </button>
          </li>
        );
      })}
      {blocks.length === 0 ? <li className="empty">No item points at a paragraph.</li> : null}
    </ol>
  );
}
