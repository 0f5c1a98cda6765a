/** Two texts side by side with the changed lines marked (a screen reader hears "removed"/"added"). */
import { sideBySideDiff } from './line-diff';

export function DiffView({ before, after, beforeLabel, afterLabel }: { before: string; after: string; beforeLabel: string; afterLabel: string }) {
  const rows = sideBySideDiff(before, after);
  const identical = rows.every((row) => row.kind === 'same');
  return (
    <div className="diff" data-testid="diff-view">
      {identical ? <p className="hint">The two texts are identical.</p> : null}
      <table className="diff-table">
        <thead>
          <tr>
            <th scope="col">{beforeLabel}</th>
            <th scope="col">{afterLabel}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index} className={`diff-${row.kind}`}>
              <td className={row.kind === 'removed' || row.kind === 'changed' ? 'diff-old' : undefined}>
                {row.left !== undefined && row.kind !== 'same' ? <span className="visually-hidden">removed: </span> : null}
                {row.left ?? ''}
              </td>
              <td className={row.kind === 'added' || row.kind === 'changed' ? 'diff-new' : undefined}>
                {row.right !== undefined && row.kind !== 'same' ? <span className="visually-hidden">added: </span> : null}
                {row.right ?? ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
