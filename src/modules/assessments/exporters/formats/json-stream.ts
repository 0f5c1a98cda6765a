/**
 * The JSON exporters written as they read: each yields the answer's text a page of items at a
 * time (docs/adr/0731-streaming-exporters.md), so memory holds one page whatever the document's
 * size. The text is the same as `JSON.stringify` of the whole answer would give.
 */
import type { ExtractedItemRecord } from '../../extracted-items/extracted-item.repository.js';
import { presentItem } from '../../extracted-items/extracted-item.presenter.js';

type Pages = AsyncIterable<ExtractedItemRecord[]>;

/**
 * `json`: `{exporter, policy, document, items: [...], item_count, left_out}`; `item_count` is
 * what was written, counted as it went.
 */
export async function* canonicalJson(
  head: { exporter: 'json'; policy: string; document: unknown },
  pages: Pages,
  options: { include_provenance: boolean; left_out: number },
): AsyncGenerator<string> {
  const opening = JSON.stringify(head);
  yield `${opening.slice(0, -1)},"items":[`;
  let count = 0;
  for await (const page of pages) {
    const parts = page.map((item) => {
      const wire = presentItem(item);
      return JSON.stringify(options.include_provenance ? wire : { ...wire, provenance: undefined });
    });
    yield `${count === 0 ? '' : ','}${parts.join(',')}`;
    count += page.length;
  }
  yield `],"item_count":${count},"left_out":${options.left_out}}`;
}

/**
 * `flat-json`: `{key: value_text}`, an array for a key that occurs more than once. `pages` must
 * bring a key's items together (read by key); one item of look-ahead tells a single value from an
 * array, so a key with 100k values is streamed too.
 */
export async function* flatJson(pages: Pages): AsyncGenerator<string> {
  let open: { key: string; first: string | null; many: boolean } | undefined;
  let written = 0;
  yield '{';
  for await (const page of pages) {
    let out = '';
    for (const item of page) {
      if (open !== undefined && open.key === item.key) {
        out += open.many ? `,${JSON.stringify(item.value_text)}` : `[${JSON.stringify(open.first)},${JSON.stringify(item.value_text)}`;
        open.many = true;
        continue;
      }
      if (open !== undefined) out += open.many ? ']' : JSON.stringify(open.first);
      out += `${written === 0 ? '' : ','}${JSON.stringify(item.key)}:`;
      written += 1;
      open = { key: item.key, first: item.value_text, many: false };
    }
    yield out;
  }
  if (open !== undefined) yield open.many ? ']' : JSON.stringify(open.first);
  yield '}';
}
