/**
 * A line diff (longest common subsequence) laid out side by side: each row holds the left line,
 * the right line, or both, marked same / removed / added / changed. Sections are short (tens of
 * lines), so the quadratic table is small; past MAX_CELLS the diff falls back to "all changed".
 */
export interface DiffRow {
  kind: 'same' | 'removed' | 'added' | 'changed';
  left: string | undefined;
  right: string | undefined;
}

const MAX_CELLS = 4_000_000;

export function sideBySideDiff(before: string, after: string): DiffRow[] {
  const a = before.split('\n');
  const b = after.split('\n');
  if (a.length * b.length > MAX_CELLS) return pairUp(a, b);
  // lengths[i][j]: the LCS length of a[i..] and b[j..].
  const lengths = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) lengths[i][j] = a[i] === b[j] ? lengths[i + 1][j + 1] + 1 : Math.max(lengths[i + 1][j], lengths[i][j + 1]);
  }
  const rows: DiffRow[] = [];
  let removed: string[] = [];
  let added: string[] = [];
  const flush = () => {
    rows.push(...pairUp(removed, added));
    removed = [];
    added = [];
  };
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      flush();
      rows.push({ kind: 'same', left: a[i], right: b[j] });
      i += 1;
      j += 1;
    } else if (j < b.length && (i >= a.length || lengths[i][j + 1] >= lengths[i + 1][j])) {
      added.push(b[j]);
      j += 1;
    } else {
      removed.push(a[i]);
      i += 1;
    }
  }
  flush();
  return rows;
}

/** Removed and added lines of one hunk side by side: paired rows are "changed". */
function pairUp(removed: string[], added: string[]): DiffRow[] {
  const rows: DiffRow[] = [];
  for (let k = 0; k < Math.max(removed.length, added.length); k += 1) {
    const left = removed[k];
    const right = added[k];
    rows.push({ kind: left !== undefined && right !== undefined ? 'changed' : left !== undefined ? 'removed' : 'added', left, right });
  }
  return rows;
}
