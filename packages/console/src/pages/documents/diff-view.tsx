/**
 * Two texts side by side with the changed lines marked, and inside a changed line the deleted
 * and inserted words (a screen reader hears "removed"/"added", "deleted"/"inserted").
 */
import { sideBySideDiff } from './line-diff';
import { type WordPart, wordDiff } from './word-diff';

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
          {rows.map((row, index) => {
            const words = row.kind === 'changed' ? wordDiff(row.left ?? '', row.right ?? '') : undefined;
            return (
              <tr key={index} className={`diff-${row.kind}`}>
                <td className={row.kind === 'removed' || row.kind === 'changed' ? 'diff-old' : undefined}>
                  {row.left !== undefined && row.kind !== 'same' ? <span className="visually-hidden">removed: </span> : null}
                  {words ? <Words parts={words.left} /> : (row.left ?? '')}
                </td>
                <td className={row.kind === 'added' || row.kind === 'changed' ? 'diff-new' : undefined}>
                  {row.right !== undefined && row.kind !== 'same' ? <span className="visually-hidden">added: </span> : null}
                  {words ? <Words parts={words.right} /> : (row.right ?? '')}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function Words({ parts }: { parts: WordPart[] }) {
  return (
    <>
      {parts.map((part, index) =>
        part.kind === 'removed' ? (
          <del key={index} className="word-removed" data-testid="word-removed">
            {part.text}
          </del>
        ) : part.kind === 'added' ? (
          <ins key={index} className="word-added" data-testid="word-added">
            {part.text}
          </ins>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
