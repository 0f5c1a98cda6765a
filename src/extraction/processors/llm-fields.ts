/**
 * `prc_llm_fields`: fields a language model reads from the document's text. This file is the
 * pure half: the catalog entry, whose `extract` only loads the text, and `llmFieldItems`, which
 * turns the model's answer into items with verbatim quotes and UTF-16 `text_span` anchors.
 * The model call itself happens in the module layer (processing/extract-with-model.ts), so
 * nothing reachable from `runProcessor` can call a model.
 */
import { makeItem } from '../items.js';
import { parseLocaleDate } from '../locale-dates.js';
import { findTypedQuote, withPrintedCurrency } from '../llm-typed-quotes.js';
import { KNOWN_FIELDS } from '../label-value.js';
import { normalizePhone, parseDate, parseEmail, parseMoney, parseNumber, parsePercent } from '../value-parsers.js';
import { isValidValue } from '../value-schemas.js';
import type {
  Confidence,
  ExtractedItem,
  JsonValue,
  ProcessingWarning,
  ProcessorDefinition,
  ProcessorInput,
  ProcessorResult,
  TextSource,
  ValueType,
} from '../types.js';
import { loadDocument } from '../loaders/load-document.js';
import { labelValueItemTypes } from './item-types.js';

/** The processor id (the module layer recognises it through `requires_model`). */
export const LLM_FIELDS_PROCESSOR_ID = 'prc_llm_fields';

/** One field the model is asked for. */
export interface LlmFieldHint {
  key: string;
  value_type: ValueType;
  label: string | null;
}

/** What the model is asked for when the assessment has no requirements: the known label/value fields. */
export function defaultLlmFieldHints(): LlmFieldHint[] {
  return KNOWN_FIELDS.map((f) => ({ key: f.key, value_type: f.value_type, label: f.label }));
}

/** D5: a model gives no probability we could honestly report, so every number stays null. */
export const LLM_CONFIDENCE: Confidence = { overall: null, ocr: null, extraction: null, level: null, method: 'llm', calibrated: false };

function parseBoolean(text: string): boolean | undefined {
  if (/^(true|yes|y)$/i.test(text)) return true;
  if (/^(false|no|n)$/i.test(text)) return false;
  return undefined;
}

function parseJson(text: string): JsonValue | undefined {
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return undefined;
  }
}

function candidateValue(valueType: ValueType, text: string): JsonValue | undefined {
  switch (valueType) {
    case 'number':
      return parseNumber(text) ?? undefined;
    case 'integer': {
      const n = parseNumber(text);
      return n !== null && Number.isInteger(n) ? n : undefined;
    }
    case 'money': {
      const m = parseMoney(text);
      return m ? { amount: m.amount, currency: m.currency } : undefined;
    }
    case 'date':
      // The locales' reading first: 12.03.2024 is the 12th of March, "24 mei 2023" a date.
      return parseLocaleDate(text) ?? parseDate(text) ?? undefined;
    case 'boolean':
      return parseBoolean(text);
    case 'email':
      return parseEmail(text) ?? undefined;
    case 'phone':
      return normalizePhone(text) ?? undefined;
    case 'percent':
      return parsePercent(text) ?? parseNumber(text) ?? undefined;
    case 'address':
      return { text };
    case 'object':
    case 'array':
      return parseJson(text);
    default:
      // string, enum, datetime: the model was asked for the exact form already.
      return text;
  }
}

/**
 * The model's string answer as a value of `valueType`, or undefined when it is not one (the
 * prompt asks for plain strings, so numbers, money and dates are parsed here, never trusted).
 */
export function typedLlmValue(valueType: ValueType, answer: string): JsonValue | undefined {
  const value = candidateValue(valueType, answer.trim());
  return value !== undefined && isValidValue(valueType, value) ? value : undefined;
}

const REGEX_SYNTAX = /[\\^$.*+?()[\]{}|/]/g;

/**
 * Where `value` occurs in `text`, case-insensitively and with any run of whitespace matching any
 * other (a model re-flows line breaks), preferring a whole-word occurrence ("10" not inside
 * "2010"). Offsets are UTF-16 code units, as `text_span` anchors require. Null when absent.
 */
export function findQuote(text: string, value: string): { start: number; end: number } | null {
  const needle = value.trim();
  if (needle === '' || needle.length > 2000) return null;
  const body = needle
    .split(/\s+/)
    .map((part) => part.replace(REGEX_SYNTAX, '\\$&'))
    .join('\\s+');
  for (const pattern of [`(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}])`, body]) {
    const match = new RegExp(pattern, 'iu').exec(text);
    if (match) return { start: match.index, end: match.index + match[0].length };
  }
  return null;
}

/** Input of `llmFieldItems`. */
export interface LlmFieldItemsInput {
  /** The run's plain text (the one `text_span` anchors index into). */
  text: string;
  hints: readonly LlmFieldHint[];
  /** The model's `fieldValues`: hint key → string, "" or missing when the text does not give it. */
  field_values: Readonly<Record<string, string>>;
  text_source: TextSource;
  /** True when the hints are the assessment's requirements: an unfilled one becomes an `absent` item. */
  emit_absent: boolean;
}

/** Items in hint order, plus a warning per value whose quote is not in the text or that is not of its type. */
export function llmFieldItems(input: LlmFieldItemsInput): { items: ExtractedItem[]; warnings: ProcessingWarning[] } {
  const items: ExtractedItem[] = [];
  const warnings: ProcessingWarning[] = [];
  for (const hint of input.hints) {
    const label = hint.label ?? hint.key;
    const answer = (input.field_values[hint.key] ?? '').trim();
    if (answer === '') {
      if (input.emit_absent) {
        items.push(
          makeItem({
            key: hint.key,
            label,
            value_type: hint.value_type,
            value_state: 'absent',
            value: null,
            raw_text: null,
            quote: '',
            text_source: input.text_source,
            anchors: [],
            confidence: LLM_CONFIDENCE,
          }),
        );
      }
      continue;
    }
    const typed = typedLlmValue(hint.value_type, answer);
    // Verbatim first; else the printed form of the same date or amount (the prompt asks for ISO dates and plain numbers).
    const found = findQuote(input.text, answer) ?? (typed === undefined ? null : findTypedQuote(input.text, hint.value_type, typed));
    const placed = found && typed !== undefined && hint.value_type === 'money' ? withPrintedCurrency(input.text, found, typed) : null;
    const span = placed?.span ?? found;
    const value = placed ? placed.value : typed;
    // The quote is what the document says when we can find it; otherwise all we have is the model's words.
    const quote = span ? input.text.slice(span.start, span.end) : answer;
    if (!span)
      warnings.push({
        code: 'quote_not_found',
        message: `${hint.key}: the model's value "${answer.slice(0, 200)}" does not occur in the text; no anchor`,
        page_number: null,
      });
    if (value === undefined)
      warnings.push({
        code: 'value_not_typed',
        message: `${hint.key}: the model's value "${answer.slice(0, 200)}" is not a valid ${hint.value_type}`,
        page_number: null,
      });
    items.push(
      makeItem({
        key: hint.key,
        label,
        value_type: hint.value_type,
        // Found but not readable as its type: a reviewer has to look (the `unreadable` blocker).
        value_state: value === undefined ? 'unreadable' : 'present',
        value: value ?? null,
        raw_text: quote,
        quote,
        text_source: input.text_source,
        anchors: span ? [{ kind: 'text_span', start: span.start, end: span.end, unit: 'utf16' }] : [],
        confidence: LLM_CONFIDENCE,
      }),
    );
  }
  return { items, warnings };
}

/** Loads the text only (PDF text layer without OCR, docx, sheets, plain text); no items yet. */
export async function loadTextForModel(input: ProcessorInput): Promise<ProcessorResult> {
  const loaded = await loadDocument(input, 'never');
  return { items: [], pages: loaded.pages, text: loaded.text, errors: loaded.errors, warnings: loaded.warnings, engine_versions: loaded.engine_versions };
}

/** The catalog entry. Its `state` here is the static one; the catalog disables it while no live model is configured. */
export const llmFieldsProcessor: ProcessorDefinition = {
  id: LLM_FIELDS_PROCESSOR_ID,
  name: 'llm-fields',
  version: '1.0.0',
  display_name: 'Fields read by a language model',
  description:
    "The assessment's requirements (or, without requirements, the common invoice fields) read from the document's text by the configured language model; values anchored to their verbatim quote, confidence left null",
  state: 'enabled',
  requires_model: true,
  supported_kinds: ['pdf', 'docx', 'text', 'csv', 'xlsx'],
  capabilities: { page_regions: false, text_spans: true, ocr: false, tables: false, line_items: false },
  item_types: [
    ...labelValueItemTypes().filter((t) => t.key !== 'label.*'),
    {
      key: '*',
      label: 'Requirement',
      value_type: 'string',
      occurrence: 'optional_once',
      description: 'Any requirement key of the assessment, typed string unless the requirement gives a value_type; absent when the model does not fill it',
      example: 'Contoso Ltd',
      checks: [],
    },
  ],
  defaults: { auto_validate_min_confidence: 0.95, review_below_confidence: 0.8 },
  extract: loadTextForModel,
};
