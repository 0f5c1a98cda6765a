/**
 * Plain data types of the extraction toolchain (ASSESSMENTS.md §4.2, §4.3, §4.5, §8).
 * Everything here is JSON-serialisable; snake_case on the wire, as the whole assessment area.
 * No database and no HTTP types live here.
 */

/** The kinds of source document we accept (§4.2 `kind`). */
export type FileKind = 'pdf' | 'image' | 'docx' | 'xlsx' | 'csv' | 'text';

/** All kinds, in catalog order. */
export const ALL_KINDS: readonly FileKind[] = ['pdf', 'image', 'docx', 'xlsx', 'csv', 'text'];

/** §4.3 `value_type`. */
export type ValueType =
  'string' | 'number' | 'integer' | 'money' | 'date' | 'datetime' | 'boolean' | 'email' | 'phone' | 'percent' | 'enum' | 'address' | 'object' | 'array';

/** §4.3 `occurrence`. */
export type Occurrence = 'required_once' | 'optional_once' | 'required_multiple' | 'optional_multiple';

/** §4.5 `value_state`. */
export type ValueState = 'present' | 'absent' | 'blank' | 'not_applicable' | 'unreadable' | 'conflicting' | 'inferred';

/** Any JSON value. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A JSON object. */

/** A money value: `amount` in major units, ISO 4217 `currency` or null when the document does not say. */
export interface Money {
  amount: number;
  currency: string | null;
}

/** A box normalised to [0,1] with a top-left origin (D4). */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Region(s) of a rendered page. */
export interface PageRegionAnchor {
  kind: 'page_region';
  page_number: number;
  page_size: { width: number; height: number; unit: 'pt' | 'px' };
  boxes: Box[];
  coord_origin: 'top_left';
}

/** A span of the run's plain text, in UTF-16 code units (JavaScript string indices). */
export interface TextSpanAnchor {
  kind: 'text_span';
  start: number;
  end: number;
  unit: 'utf16';
  /** Filled by the caller (e.g. `run_…/text`); the extraction toolchain does not know run ids. */
  text_ref?: string;
}

/** A spreadsheet cell (xlsx) or a CSV field. `row` and `column` are 1-based, like Excel. */
export interface SheetCellAnchor {
  kind: 'sheet_cell';
  sheet: string;
  ref: string;
  row: number;
  column: number;
}

/** A paragraph or table cell of `word/document.xml`; `start`/`end` are UTF-16 offsets in the block text. */
export interface DocxBlockAnchor {
  kind: 'docx_block';
  block_index: number;
  block_type: 'paragraph' | 'table_cell';
  /** Table number in the body (0-based), row and cell (0-based). */
  table?: { t: number; r: number; c: number };
  start: number;
  end: number;
}

/** D3: the anchor union, discriminated on `kind`. */
export type Anchor = PageRegionAnchor | TextSpanAnchor | SheetCellAnchor | DocxBlockAnchor;

/** Where the text an item came from was read. */
export type TextSource = 'text_layer' | 'ocr' | 'acroform' | 'native';

/** §4.5 provenance. */
export interface Provenance {
  quote: string;
  text_source: TextSource;
  anchors: Anchor[];
  /** Set when the value was recalled from the issuer memory: the human decision it learned from. */
  learned_from?: LearnedFrom;
}

/** How a confidence number was made. */
export type ConfidenceMethod =
  | 'label_proximity_rule'
  | 'pattern_rule'
  | 'acroform'
  | 'table_cell'
  | 'markdown_structure'
  | 'ocr_label_proximity_rule'
  | 'ocr_pattern_rule'
  /** A language model's answer: no number is given (the model's own certainty is not a probability). */
  | 'llm'
  /** Read where a reviewer's decision on an earlier document of the same issuer said the field is (issue 32 item 5). */
  | 'issuer_memory';

/** D5: decomposed confidence; null means unknown; never an invented 1.0 (acroform exact values excepted). */
export interface Confidence {
  overall: number | null;
  ocr: number | null;
  extraction: number | null;
  level: 'high' | 'medium' | 'low' | null;
  method: ConfidenceMethod;
  /** True when `overall` is the calibrated probability (confidence-calibration.ts); `extraction` and `ocr` stay the rule's parts. */
  calibrated: boolean;
}

/**
 * Another candidate for a field that occurs once (ADR 0503): what a rule also read for it, less
 * confident than (or after) the chosen one. Kept on the chosen item so a reviewer can pick it.
 */
export interface Alternate {
  value: JsonValue;
  value_text: string | null;
  raw_text: string | null;
  confidence: Confidence;
  provenance: Provenance;
}

/** One extracted item as a processor produces it (the lead adds ids, validation and versions). */
export interface ExtractedItem {
  key: string;
  label: string;
  value_type: ValueType;
  value_state: ValueState;
  /** Typed: money → Money, date → 'YYYY-MM-DD', number → number, … ; null unless present. */
  value: JsonValue;
  /** A stable string form of `value` (what feeds `/v1` fields); null when there is no value. */
  value_text: string | null;
  /** The text as printed; null when nothing was printed (absent). */
  raw_text: string | null;
  confidence: Confidence;
  provenance: Provenance;
  occurrence_index: number;
  /** For a field that occurs once: the other candidates, best first (absent when there were none). */
  alternates?: Alternate[];
}

/** A declarative rule check of an item type (D6). `rule` is JsonLogic evaluated on the item. */
export interface CheckDefinition {
  id: string;
  severity: 'error' | 'warning' | 'info';
  rule: JsonValue;
  /** Message shown when the check fails. */
  message?: string;
}

/** §4.3 item type. A key ending in `*` describes a family of keys (e.g. `label.*`). */
export interface ItemType {
  key: string;
  label: string;
  value_type: ValueType;
  occurrence: Occurrence;
  description: string;
  example: string;
  checks: CheckDefinition[];
  enum_values?: string[];
}

/** Error categories, after docling (§4.9). */
export type ErrorCategory = 'policy' | 'capacity' | 'source_unavailable' | 'timeout' | 'internal' | 'backend_failure' | 'inference_failure' | 'unknown';

/** A categorised processing error (§4.9). */
export interface ProcessingError {
  code: string;
  category: ErrorCategory;
  component: string;
  message: string;
  page_number: number | null;
}

/** A processing warning (§4.4). */
export interface ProcessingWarning {
  code: string;
  message: string;
  page_number: number | null;
}

/** Quality grade with docling's cuts: poor < 0.5, fair < 0.8, good < 0.9, excellent ≥ 0.9. */
export type Grade = 'poor' | 'fair' | 'good' | 'excellent';

/** Per-page processing report (§4.9). */
export interface PageReport {
  page_number: number;
  method: 'text_layer' | 'ocr' | 'native';
  parse_score: number | null;
  ocr_score: number | null;
  grade: Grade | null;
  item_count: number;
  warnings: ProcessingWarning[];
}

/** What a processor receives. */
export interface ProcessorInput {
  bytes: Buffer;
  kind: FileKind;
  filename?: string;
  options?: Record<string, unknown>;
}

/** What a processor returns (and `runProcessor` passes on). */
export interface ProcessorResult {
  items: ExtractedItem[];
  pages: PageReport[];
  /** The run's plain text; `text_span` anchors index into it. */
  text: string;
  errors: ProcessingError[];
  warnings: ProcessingWarning[];
  engine_versions: Record<string, string>;
  /** The pages' segments with their boxes (PDFs and images), kept for the issuer memory. */
  layout_segments?: PlacedSegment[];
}

/** A processor definition (§4.3 catalog entry plus its `extract`). */
export interface ProcessorDefinition {
  id: string;
  name: string;
  version: string;
  display_name: string;
  description: string;
  state: 'enabled' | 'disabled' | 'deprecated';
  supported_kinds: FileKind[];
  capabilities: {
    page_regions: boolean;
    text_spans: boolean;
    ocr: boolean;
    tables: boolean;
    line_items: boolean;
  };
  item_types: ItemType[];
  defaults: { auto_validate_min_confidence: number; review_below_confidence: number };
  /**
   * True when the processor's items come from a language model. Its `extract` only loads the
   * text; the module layer makes the model call, and the catalog disables the processor while no
   * live model is configured.
   */
  requires_model?: boolean;
  extract(input: ProcessorInput): Promise<ProcessorResult>;
}

/** Which human decision a value recalled from the issuer memory comes from (issue 32 item 5). */
export interface LearnedFrom {
  memory_id: string;
  /** The correction when the field was corrected; null when a reviewer confirmed the machine value. */
  correction_id: string | null;
  item_id: string;
  document_id: string;
  decided_at: string;
}

/** One segment of a page, with its box (normalised, top-left origin) and its start in the run's text. */
export interface PlacedSegment {
  page: number;
  text: string;
  box: Box;
  /** UTF-16 offset of `text` in the run's plain text. */
  start: number;
  page_size: { width: number; height: number; unit: 'pt' | 'px' };
  text_source: TextSource;
}
