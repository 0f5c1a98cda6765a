/**
 * The review screen's keys, so a reviewer clears a page without the mouse:
 * j / ↓ next item, k / ↑ previous, a accept, c correct (focuses the value), r reject,
 * p pick the value from the page (Tab reaches each word), + / - zoom the page, 0 fits it,
 * Escape leaves the correction form or the picking. Keys typed into a field are the field's.
 */
export type ReviewCommand = 'next' | 'previous' | 'accept' | 'correct' | 'reject' | 'cancel' | 'pick' | 'zoom_in' | 'zoom_out' | 'zoom_reset';

const KEYS: Record<string, ReviewCommand> = {
  j: 'next',
  ArrowDown: 'next',
  k: 'previous',
  ArrowUp: 'previous',
  a: 'accept',
  c: 'correct',
  r: 'reject',
  p: 'pick',
  '+': 'zoom_in',
  '=': 'zoom_in',
  '-': 'zoom_out',
  '0': 'zoom_reset',
  Escape: 'cancel',
};

export const KEY_HELP: ReadonlyArray<[string, string]> = [
  ['j or ↓', 'next item'],
  ['k or ↑', 'previous item'],
  ['a', 'accept (validate)'],
  ['c', 'correct the value'],
  ['r', 'reject'],
  ['p', 'pick the value on the page'],
  ['+ / -', 'zoom'],
  ['0', 'fit the page'],
  ['Esc', 'leave the correction form or the picking'],
];

export function commandOf(event: KeyboardEvent): ReviewCommand | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  const target = event.target;
  const typing = target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
  const command = KEYS[event.key] ?? null;
  if (typing && command !== 'cancel') return null;
  return command;
}
