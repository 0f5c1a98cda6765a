import { describe, expect, it } from 'vitest';
import { renderTemplate } from '../render-template.js';

const render = (source: string, context: Record<string, unknown> = {}): string => {
  const result = renderTemplate(source, context);
  expect(result.error).toBeUndefined();
  return result.output;
};
const failure = (source: string, context: Record<string, unknown> = {}): string => renderTemplate(source, context).error ?? '';

describe('round', () => {
  it('rounds half away from zero, like documents expect', () => {
    expect(render('{{ 2.5|round }} {{ -2.5|round }} {{ 1.005|round(2) }} {{ 1234|round(-2) }} {{ 3|round }}')).toBe('3.0 -3.0 1.01 1200 3');
  });
  it('supports ceil and floor, by position or keyword', () => {
    expect(render('{{ 7.01|round(0, "ceil") }} {{ 7.99|round(method="floor") }} {{ 1.234|round(2, "ceil") }}')).toBe('8.0 7.0 1.24');
  });
  it('accepts numeric text and refuses none, lists and bad methods', () => {
    expect(render('{{ "2.345"|round(2) }}')).toBe('2.35');
    expect(failure('{{ none|round }}')).toMatch(/round: expected a number, got null/);
    expect(failure('{{ x|round }}', { x: [1] })).toMatch(/expected a number/);
    expect(failure('{{ 1.5|round(0, "up") }}')).toMatch(/common, ceil or floor/);
  });
});

describe('sum, min, max', () => {
  it('sums numbers, attributes and a start value', () => {
    expect(render('{{ [1, 2, 3]|sum }} {{ lines|sum(attribute="total") }} {{ [1]|sum(start=10) }}', { lines: [{ total: 1.5 }, { total: 2 }] })).toBe(
      '6 3.5 11',
    );
  });
  it('handles empty lists and none, refuses text', () => {
    expect(render('{{ []|sum }} {{ none|sum }}[{{ []|min }}][{{ []|max }}]')).toBe('0 0[][]');
    expect(failure('{{ ["a"]|sum }}')).toMatch(/sum: cannot add string/);
  });
  it('finds extremes of numbers, text (case-insensitive by default) and attributes', () => {
    expect(render('{{ [3, 1, 2]|min }} {{ [3, 1, 2]|max }} {{ ["b", "A", "c"]|min }} {{ ["b", "A"]|max(case_sensitive=true) }}')).toBe('1 3 A b');
    expect(
      render('{{ (items|max(attribute="n")).name }}', {
        items: [
          { n: 1, name: 'one' },
          { n: 5, name: 'five' },
        ],
      }),
    ).toBe('five');
    expect(failure('{{ [1, "a"]|max }}')).toMatch(/cannot compare/);
  });
});

describe('map, select, reject', () => {
  it('maps a filter name (with arguments) or an attribute', () => {
    expect(render('{{ ["a", "b"]|map("upper")|join(",") }} {{ [1.26, 2.5]|map("round", 1)|join(" ") }}')).toBe('A,B 1.3 2.5');
    expect(render('{{ people|map(attribute="name")|join(", ") }}', { people: [{ name: 'Ann' }, { name: 'Bo' }] })).toBe('Ann, Bo');
    expect(render('{{ people|map(attribute="age", default=0)|sum }}', { people: [{ age: 3 }, {}] })).toBe('3');
  });
  it('refuses filter names outside the allow-list', () => {
    expect(failure('{{ ["a"]|map("constructor")|join }}')).toMatch(/map: filter "constructor" is not available/);
    expect(failure('{{ ["a"]|map("__class__")|join }}')).toMatch(/not available/);
    expect(failure('{{ ["a"]|map("toString")|join }}')).toMatch(/not available/);
    expect(failure('{{ ["a"]|map() }}')).toMatch(/filter name or attribute/);
  });
  it('selects and rejects with allow-listed tests', () => {
    expect(render('{{ [1, 2, 3, 4]|select("odd")|join(",") }} {{ [1, 2, 3, 4]|reject("odd")|join(",") }}')).toBe('1,3 2,4');
    expect(render('{{ [1, "a", none, 2.5]|select("number")|join(",") }} {{ [1, "a", none]|select("string")|join }}')).toBe('1,2.5 a');
    expect(render('{{ [1, none, 2]|reject("none")|join(",") }} {{ [0, 1, "", "x"]|select|join(",") }}')).toBe('1,2 1,x');
    expect(render('{% set xs = [x, 1] %}{{ xs|select("defined")|join }} {{ [1, 5, 9]|select(">", 4)|join(",") }}', {})).toBe('1 5,9');
    expect(render('{{ []|select("odd")|list }} {{ none|select("odd")|list }} {{ [1.5, "a"]|select("even")|list }}')).toBe('[] [] []');
  });
  it('refuses unknown tests', () => {
    expect(failure('{{ [1]|select("constructor")|list }}')).toMatch(/unknown test "constructor"/);
    expect(failure('{{ 5|select("odd") }}')).toMatch(/expected a list/);
  });
});

describe('truncate', () => {
  it('cuts at a word boundary and appends the end marker', () => {
    expect(render('{{ "hello world foo bar"|truncate(12) }}|{{ "hello world foo bar"|truncate(12, true) }}')).toBe('hello...|hello wor...');
    expect(render('{{ "hello world foo bar"|truncate(16, end="…", leeway=0) }}')).toBe('hello world…');
    expect(render('{{ "short"|truncate(3, leeway=5) }}|{{ none|truncate(3) }}|{{ 12345678901|truncate(5, true, "", 0) }}')).toBe('short||12345');
  });
  it('refuses a length shorter than the end marker', () => {
    expect(failure('{{ "abcdefghijkl"|truncate(2) }}')).toMatch(/length must be at least/);
  });
});

describe('format', () => {
  it('formats Python %-style', () => {
    expect(render('{{ "%s is %d"|format("Ann", 42.9) }}|{{ "%.2f"|format(3.14159) }}|{{ "%5.1f%%"|format(12.345) }}')).toBe('Ann is 42|3.14| 12.3%');
    expect(render('{{ "%05d|%-4s|%+d|%x|%e"|format(42, "ab", 5, 255, 1234.5) }}')).toBe('00042|ab  |+5|ff|1.234500e+03');
    expect(render('{{ "%(name)s owes %(amount).2f"|format(name="Bo", amount=7) }}|{{ "%g"|format(0.0001) }}')).toBe('Bo owes 7.00|0.0001');
  });
  it('reports argument mismatches and wrong types', () => {
    expect(failure('{{ "%s %s"|format("a") }}')).toMatch(/not enough arguments/);
    expect(failure('{{ "%s"|format("a", "b") }}')).toMatch(/not all arguments converted/);
    expect(failure('{{ "%d"|format("abc") }}')).toMatch(/expected a number/);
    expect(failure('{{ 5|format(1) }}')).toMatch(/expected a format string/);
    expect(failure('{{ "%999999s"|format("a") }}')).toMatch(/too large/);
  });
});

describe('date', () => {
  it('formats ISO dates with strftime codes in UTC with English names', () => {
    expect(render('{{ d|date }}|{{ d|date("%d %B %Y") }}|{{ d|date("%a %b %-d, %A") }}', { d: '2024-03-05' })).toBe(
      '2024-03-05|05 March 2024|Tue Mar 5, Tuesday',
    );
    expect(render('{{ "2024-03-05T23:30:00-02:00"|date("%Y-%m-%d %H:%M %Z") }}')).toBe('2024-03-06 01:30 UTC');
    expect(render('{{ "2024-12-31T09:05:07"|date("%I:%M:%S %p, day %j") }}')).toBe('09:05:07 AM, day 366');
  });
  it("formats named formats in the document locale (the context's `locale`), else en-GB", () => {
    const d = '2026-12-01';
    expect(render('{{ d|date("long") }}|{{ d|date("short") }}|{{ d|date("iso") }}', { d })).toBe('1 December 2026|01/12/2026|2026-12-01');
    expect(render('{{ d|date("long") }}|{{ d|date("full") }}', { d, locale: 'de-DE' })).toBe('1. Dezember 2026|Dienstag, 1. Dezember 2026');
    expect(render('{{ d|date("long") }}', { d, locale: 'en-US' })).toBe('December 1, 2026');
    // An explicit locale wins over the document's; a date-time keeps its UTC day.
    expect(render('{{ d|date("long", "fr-FR") }}|{{ t|date(format="medium", locale="en-GB") }}', { d, t: '2026-12-01T23:30:00-02:00', locale: 'de-DE' })).toBe(
      '1 décembre 2026|2 Dec 2026',
    );
    expect(failure('{{ "2026-12-01"|date("long", "!!") }}')).toMatch(/unsupported locale/);
  });
  it('renders nothing for none or empty and refuses invalid dates and non-text', () => {
    expect(render('[{{ none|date }}][{{ ""|date }}]')).toBe('[][]');
    expect(failure('{{ "2023-02-29"|date }}')).toMatch(/not a valid date/);
    expect(failure('{{ "next tuesday"|date }}')).toMatch(/not an ISO date/);
    expect(failure('{{ 20240305|date }}')).toMatch(/expected an ISO date string/);
  });
});

describe('currency', () => {
  it('formats with Intl.NumberFormat', () => {
    expect(render('{{ 1234.5|currency("EUR") }}|{{ 1234.5|currency }}|{{ 99|currency("USD") }}|{{ -3|currency("EUR") }}')).toBe(
      '€1,234.50|€1,234.50|$99.00|-€3.00',
    );
    expect(render('{{ 1234.5|currency("EUR", "de-DE") }}')).toBe('1.234,50\u00a0€');
  });
  it('renders nothing for none, refuses text and bad codes', () => {
    expect(render('[{{ none|currency }}]')).toBe('[]');
    expect(failure('{{ "abc"|currency }}')).toMatch(/expected a number/);
    expect(failure('{{ 1|currency("EURO") }}')).toMatch(/three-letter/);
    expect(failure('{{ 1|currency("EUR", "!!") }}')).toMatch(/unsupported locale/);
  });
});

describe('wordcount, capitalize, abs, first, last', () => {
  it('works on normal input', () => {
    expect(render('{{ "Hello, wide world!"|wordcount }} {{ "hELLO wORLD"|capitalize }} {{ -3|abs }} {{ -2.5|abs }}')).toBe('3 Hello world 3 2.5');
    expect(render('{{ [4, 5, 6]|first }} {{ [4, 5, 6]|last }} {{ "abc"|first }} {{ "abc"|last }}')).toBe('4 6 a c');
  });
  it('handles edge input', () => {
    expect(render('{{ ""|wordcount }} {{ none|wordcount }} [{{ ""|capitalize }}] [{{ []|first }}] [{{ []|last }}] [{{ none|first }}]')).toBe('0 0 [] [] [] []');
    expect(failure('{{ "x"|abs }}')).toMatch(/abs: expected a number/);
    expect(failure('{{ 5|first }}')).toMatch(/first: expected a list or text/);
  });
});

describe('filter blocks and indent/replace', () => {
  it('applies sandbox filters to {% filter %} blocks', () => {
    expect(render('{% filter truncate(9, leeway=0) %}hello brave new world{% endfilter %}')).toBe('hello...');
  });
  it('bounds indent and replace', () => {
    expect(render('{{ "a\nb"|indent(2) }}|{{ "aXbX"|replace("X", "-", 1) }}|{{ "ab"|replace("", "-") }}')).toBe('a\n  b|a-bX|-a-b-');
    expect(failure('{{ "a\nb"|indent(500000000) }}')).toMatch(/width must be at most 100/);
  });
});
