/**
 * A page layout as plain data: each segment's text, page box and text offset. The issuer memory
 * (issue 32 item 5) keeps it per run, because a correction made later must find the label its
 * value sat next to, and the next document of the issuer must be searched the same way; the
 * layout's segments themselves hold closures and cannot be stored or sent across a worker.
 */
import type { LayoutDocument } from '../layout.js';
import type { PlacedSegment } from '../types.js';

export type { PlacedSegment };

/** The layout's segments that sit on a page (PDF text layers and OCR); other formats have none. */
export function placedSegments(layout: LayoutDocument): PlacedSegment[] {
  const out: PlacedSegment[] = [];
  for (const line of layout.lines) {
    if (line.page_number === null) continue;
    for (const seg of line.segments) {
      const anchors = seg.anchors(0, seg.text.length);
      const region = anchors.find((a) => a.kind === 'page_region');
      const span = anchors.find((a) => a.kind === 'text_span');
      if (!region || region.kind !== 'page_region' || !span || span.kind !== 'text_span') continue;
      out.push({
        page: region.page_number,
        text: seg.text,
        box: region.boxes[0],
        start: span.start,
        page_size: region.page_size,
        text_source: line.text_source ?? layout.text_source,
      });
    }
  }
  return out;
}
