/**
 * The filters the sandbox adds to (or takes over from) @huggingface/jinja. The sandbox
 * rewrite turns every application of one of these names into a call of our `$filter`
 * helper, so these implementations, not the library's, run.
 */
import { absFilter, roundFilter } from './number-filters.js';
import { maxFilter, minFilter, sumFilter } from './aggregate-filters.js';
import { createMapFilter, firstFilter, lastFilter, rejectFilter, selectFilter } from './sequence-filters.js';
import { capitalizeFilter, indentFilter, replaceFilter, truncateFilter, wordcountFilter } from './text-filters.js';
import { formatFilter } from './format-filter.js';
import { dateFilter } from './date-filter.js';
import { currencyFilter } from './currency-filter.js';
import { BASIC_ITEM_FILTERS } from './basic-item-filters.js';
import { docxTextFilter } from './docx-text-filter.js';
import type { FilterFunction } from './filter-call.js';

const registry = new Map<string, FilterFunction>([
  ['round', roundFilter],
  ['abs', absFilter],
  ['sum', sumFilter],
  ['min', minFilter],
  ['max', maxFilter],
  ['first', firstFilter],
  ['last', lastFilter],
  ['select', selectFilter],
  ['reject', rejectFilter],
  ['truncate', truncateFilter],
  ['wordcount', wordcountFilter],
  ['capitalize', capitalizeFilter],
  ['indent', indentFilter],
  ['replace', replaceFilter],
  ['format', formatFilter],
  ['date', dateFilter],
  ['currency', currencyFilter],
  ['docx_text', docxTextFilter],
]);

/** What `map('name')` may apply: our filters (except the list-to-list ones) plus basic ones. */
function mapItemFilter(name: string): FilterFunction | undefined {
  if (name === 'map' || name === 'select' || name === 'reject') return undefined;
  return registry.get(name) ?? BASIC_ITEM_FILTERS.get(name);
}

registry.set('map', createMapFilter(mapItemFilter));

/** Sandbox filters by name. */
export const SANDBOX_FILTERS: ReadonlyMap<string, FilterFunction> = registry;
