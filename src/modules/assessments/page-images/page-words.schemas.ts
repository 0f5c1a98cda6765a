/** Wire schema of a page's words with their boxes (the review screen's click-a-word and draw-a-box). */
import { Type } from 'typebox';
import { Nullable, Ref, StringEnum } from '../../../kernel/schema.js';
import { NormalizedBox } from '../wire-common.schemas.js';

export const PageWord = Type.Object(
  {
    text: Type.String({ description: 'The word as read (a maximal run of non-space characters)' }),
    box: Ref(NormalizedBox),
    confidence: Nullable(Type.Number({ minimum: 0, maximum: 1, description: "OCR's confidence in the word; null for a text-layer word" })),
  },
  { $id: 'PageWord', description: 'One word of a page with its box, in the frame of `page_region` anchors' },
);

export const PageWords = Type.Object(
  {
    document_id: Type.String({ description: 'The source document (`sdoc_` id)' }),
    page_number: Type.Integer({ minimum: 1, description: '1-based page number' }),
    page_size: Type.Object(
      { width: Type.Number(), height: Type.Number(), unit: StringEnum(['pt', 'px']) },
      { description: 'The page size as read: points for a PDF page, pixels for an image' },
    ),
    text_source: StringEnum(['text_layer', 'ocr'], { description: "Where the words come from: the PDF's text layer, or OCR of the page" }),
    words: Type.Array(Ref(PageWord), { description: 'Top to bottom by line, left to right within a line' }),
  },
  { $id: 'PageWords', description: "A page's words with their boxes, to pick a value from the page image" },
);

export const PAGE_WORD_SCHEMAS = [PageWord, PageWords];
