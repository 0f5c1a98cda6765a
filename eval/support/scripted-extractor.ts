/**
 * A scripted model for `prc_llm_fields` (the model-assisted processor) in the evaluation: it
 * answers the live gateway's `extracted_facts` request on the real chat-completions protocol
 * (test/support/fake-openai-server.ts) from what the request shows it — the fields the system
 * prompt lists and the document text the user message carries. It reads like a careful, literal
 * model that knows the eight languages' invoice labels (the gold set's label words): for each
 * field it finds a label in the text and copies the value after it as written, turning dates with
 * a month name into YYYY-MM-DD as the prompt asks. It knows nothing of the gold answers.
 *
 * Like a real model it errs, at fixed counts over the fields it found, so the score measures the
 * processor's handling of them (parsing, validation, provenance), not a constant:
 * - every 9th found value is left out ("", a miss);
 * - every 13th is a wrong value: an amount of the next money field, or a made-up reference;
 * - every 17th comes wrapped in a sentence ("The value is …");
 * - every 23rd is a value that is not of its type ("n/a").
 * And like one on a bad day, every 7th distinct request first gets its JSON in a code fence with
 * a trailing comma (the gateway repairs it).
 */
import type { FakeAnswer, FakeChatRequest } from '../../test/support/fake-openai-server.js';
import { LANGS, VOCABULARY, type Vocabulary } from '../gold/extraction/vocabulary.js';

export type FaultKind = 'left-out' | 'wrong-value' | 'wrapped' | 'not-typed';

/** A fault the script planted: which field of which request, and what it answered. */
export interface PlantedFault {
  request: number;
  key: string;
  kind: FaultKind;
  answer: string;
}

/** The label words the script knows per field key (all languages). */
const LABELS: Record<string, Array<keyof Vocabulary>> = {
  'invoice.number': ['number', 'receiptNumber'],
  'invoice.date': ['date'],
  'invoice.due_date': ['due'],
  'invoice.subtotal': ['subtotal'],
  'invoice.tax': ['tax'],
  'invoice.total': ['total'],
  'tax.id': ['vatId'],
  'payment.iban': ['iban'],
  'contact.email': ['email'],
  'contact.phone': ['phone'],
};

const escape = (s: string): string => s.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');

const LABEL_LIST: Array<{ key: string; label: string }> = Object.entries(LABELS)
  .flatMap(([key, parts]) => LANGS.flatMap((l) => parts.flatMap((p) => (VOCABULARY[l][p] as string[]).map((label) => ({ key, label })))))
  .sort((a, b) => b.label.length - a.label.length);

const MONTHS: Map<string, number> = new Map(LANGS.flatMap((l) => VOCABULARY[l].months.map((m, i): [string, number] => [m.toLowerCase(), i + 1])));

const PATTERNS: Record<string, RegExp> = {
  money: /(?:[A-Z]{3}\s?|[€$£₹]\s?)?-?\d[\d.,'\u00a0 ]*\d(?:\s?(?:€|[A-Z]{3}\b|zł|kr\b))?/,
  iban: /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{2,4}){3,8}\b/,
  vat: /\b[A-Z]{2} ?[0-9A-Z][0-9A-Z .]{6,14}[0-9A-Z]\b/,
  email: /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/,
  phone: /\+?\d[\d ()\-./]{6,}\d/,
};

/** The date of a value written with a month name, as YYYY-MM-DD; else the value as written. */
function isoDate(value: string): string {
  const m = /(\d{1,2})\.?\s+(?:de\s+)?(\p{L}+)\s+(?:de\s+)?(\d{4})/u.exec(value);
  const month = m ? MONTHS.get(m[2].toLowerCase()) : undefined;
  if (!m || month === undefined) return (/\d{1,4}[./-]\d{1,2}[./-]\d{1,4}/.exec(value) ?? [value])[0];
  return `${m[3]}-${String(month).padStart(2, '0')}-${m[1].padStart(2, '0')}`;
}

/** The value after each field's first label in the text, cut to what the field's type looks like. */
export function readFields(text: string, keys: string[]): Record<string, string> {
  const found: Record<string, string> = {};
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    // Longest labels first; a shorter one inside a longer one's span ("Date" in "Due date") does not count.
    const taken: Array<{ key: string; start: number; end: number }> = [];
    for (const { key, label } of LABEL_LIST) {
      const re = new RegExp(`(?<![\\p{L}\\p{N}])${escape(label)}(?![\\p{L}])`, 'giu');
      for (const m of line.matchAll(re)) {
        const start = m.index;
        const end = start + m[0].length;
        if (!taken.some((t) => start < t.end && end > t.start)) taken.push({ key, start, end });
      }
    }
    taken.sort((a, b) => a.start - b.start);
    taken.forEach((t, j) => {
      if (found[t.key] !== undefined || !keys.includes(t.key)) return;
      let value = line
        .slice(t.end, taken[j + 1]?.start ?? line.length)
        .replace(/^[\s:#.-]+/, '')
        .trim();
      if (value === '') value = (lines[i + 1] ?? '').trim();
      const typed = cut(t.key, value);
      if (typed !== '') found[t.key] = typed;
    });
  });
  if (keys.includes('contact.email') && found['contact.email'] === undefined) found['contact.email'] = (PATTERNS.email.exec(text) ?? [''])[0];
  return found;
}

function cut(key: string, value: string): string {
  if (key.startsWith('invoice.') && ['subtotal', 'tax', 'total'].includes(key.slice(8))) return (PATTERNS.money.exec(value) ?? [''])[0].trim();
  if (key.endsWith('date')) return isoDate(value);
  if (key === 'payment.iban') return (PATTERNS.iban.exec(value) ?? [''])[0];
  if (key === 'tax.id') return (PATTERNS.vat.exec(value) ?? [''])[0].trim();
  if (key === 'contact.email') return (PATTERNS.email.exec(value) ?? [''])[0];
  if (key === 'contact.phone') return (PATTERNS.phone.exec(value) ?? [''])[0];
  return value.split(/\s+/)[0].replace(/[,;]$/, '');
}

/** The field keys the system prompt lists ("- key: label (type)"). */
export function promptFields(system: string): string[] {
  return [...system.matchAll(/^- ([\w.[\]*-]+): /gm)].map((m) => m[1]);
}

export interface ScriptedExtractor {
  respond(request: FakeChatRequest): FakeAnswer;
  planted: PlantedFault[];
  /** Requests answered (with retries). */
  requests: number;
}

export function createScriptedExtractor(): ScriptedExtractor {
  const planted: PlantedFault[] = [];
  const seen = new Set<string>();
  let foundCount = 0;
  let distinct = 0;
  const state = { requests: 0 };
  const answerFor = (request: number, text: string, keys: string[]): Record<string, string> => {
    const found = readFields(text, keys);
    const money = keys.filter((k) => found[k] !== undefined && /subtotal|tax$|total/.test(k));
    const out: Record<string, string> = Object.fromEntries(keys.map((k) => [k, '']));
    for (const key of keys) {
      const value = found[key];
      if (value === undefined) continue;
      foundCount += 1;
      let answer = value;
      let kind: FaultKind | null = null;
      if (foundCount % 9 === 0) [answer, kind] = ['', 'left-out'];
      else if (foundCount % 13 === 0) {
        const other = money.find((k) => k !== key && found[k] !== value);
        [answer, kind] = [money.includes(key) && other ? found[other] : `REF-${value.replace(/\W/g, '').split('').reverse().join('')}`, 'wrong-value'];
      } else if (foundCount % 17 === 0) [answer, kind] = [`The value is ${value}.`, 'wrapped'];
      else if (foundCount % 23 === 0) [answer, kind] = ['n/a', 'not-typed'];
      if (kind) planted.push({ request, key, kind, answer });
      out[key] = answer;
    }
    return out;
  };
  const answers = new Map<string, string>();
  return {
    planted,
    get requests() {
      return state.requests;
    },
    respond(request) {
      state.requests += 1;
      if (request.schemaName !== 'extracted_facts') return { status: 400, body: { error: { message: 'the scripted extractor only extracts facts' } } };
      const user = request.user.split('\n\nYour previous answer could not be used')[0];
      const text = user.replace(/^Intake text:\n/, '');
      let json = answers.get(user);
      const first = json === undefined;
      if (json === undefined) {
        distinct += 1;
        const fieldValues = answerFor(distinct, text, promptFields(request.system));
        const entities = { people: [], organizations: [], places: [], dates: [], money: [], emails: [] };
        json = JSON.stringify({ entities, fieldValues });
        answers.set(user, json);
      }
      if (first && !seen.has(user) && distinct % 7 === 0) {
        seen.add(user);
        return { content: `Here are the facts:\n\`\`\`json\n${json.replace(/\}\}$/, '},}')}\n\`\`\`` };
      }
      return { content: json };
    },
  };
}
