/**
 * The review screen's keys, so a reviewer clears a page without the mouse:
 * j / ↓ next item, k / ↑ previous, a accept, c correct (focuses the value), r reject,
 * Escape leaves the correction form. Keys typed into a field are the field's.
 */
export type ReviewCommand = 'next' | 'previous' | 'accept' | 'correct' | 'reject' | 'cancel';

const KEYS: Record<string, ReviewCommand> = {
  j: 'next',
  ArrowDown: 'next',
  k: 'previous',
  ArrowUp: 'previous',
  a: 'accept',
  c: 'correct',
  r: 'reject',
  Escape: 'cancel',
};

export const KEY_HELP: ReadonlyArray<[string, string]> = [
  ['j or ↓', 'next item'],
  ['k or ↑', 'previous item'],
  ['a', 'accept (validate)'],
  ['c', 'correct the value'],
  ['r', 'reject'],
  ['Esc', 'leave the correction form'],
];

export function commandOf(event: KeyboardEvent): ReviewCommand | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  const target = event.target;
  const typing = target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
  const command = KEYS[event.key] ?? null;
  if (typing && command !== 'cancel') return null;
  return command;
}
