/**
 * The wire side of a list's view (src/storage/list-view.ts): `?sort=newest|oldest|updated|name`
 * and `?q=`, declared once so every library list words them alike. Another `sort` is a 422 from
 * the schema; a blank `q` narrows nothing (an emptied search box lists everything).
 */
import { Type } from 'typebox';
import { StringEnum } from '../kernel/schema.js';
import { LIST_SORTS, type ListSort, type ListView } from '../storage/list-view.js';

/** `sort` and `q` of a list whose default order is `defaultOrder` and whose `q` looks in `searched`. */
export function ListViewQueryProperties(defaultOrder: string, searched: string) {
  return {
    sort: Type.Optional(
      StringEnum<readonly string[]>(LIST_SORTS, {
        description: `newest or oldest created first, updated (most recently changed first) or name (A to Z), the same across pages; absent: ${defaultOrder}`,
      }),
    ),
    q: Type.Optional(Type.String({ maxLength: 200, description: `only those whose ${searched} contains this text, in any case (% and _ match themselves)` })),
  };
}

/** The view a list route was asked for. */
export function viewOf(query: { sort?: string; q?: string }): ListView {
  const q = query.q?.trim();
  return { sort: query.sort as ListSort | undefined, q: q ? q : undefined };
}
