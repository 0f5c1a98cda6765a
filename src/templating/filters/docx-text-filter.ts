/** The filter a Word template's printed values go through (src/word-template): text → WordprocessingML run content. */
import { makeString, type RuntimeValue } from '../jinja-runtime.js';
import { textOf, type FilterCall } from './filter-call.js';

/** Characters XML 1.0 does not allow at all (Word refuses the file): dropped rather than escaped. */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/**
 * `docx_text`: the value as text, XML-escaped for the `<w:t>` it is printed in, a newline as a line
 * break and a tab as a tab (each closes the text element and opens a new one in the same run). The
 * Word-template engine wraps every `{{ … }}` in it, so a value can never open an element of its own.
 */
export function docxTextFilter(call: FilterCall): RuntimeValue {
  const text = textOf(call.operand, 'docx_text')
    .replace(NOT_XML, '')
    .replace(/[&<>]/g, (char) => ENTITIES[char] ?? char)
    .replace(/\r\n?|\n/g, '</w:t><w:br/><w:t xml:space="preserve">')
    .replace(/\t/g, '</w:t><w:tab/><w:t xml:space="preserve">');
  return makeString(text);
}
