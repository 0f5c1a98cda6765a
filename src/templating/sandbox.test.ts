import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { evaluateExpression } from './evaluate-expression.js';
import { renderTemplate } from './render-template.js';

const CANARY = 'canary-xyz';
let scratch = '';
let marker = '';

beforeAll(() => {
  process.env.QUIRE_SANDBOX_CANARY = CANARY;
  scratch = mkdtempSync(join(tmpdir(), 'quire-sandbox-'));
  marker = join(scratch, 'pwned');
});
afterAll(() => {
  delete process.env.QUIRE_SANDBOX_CANARY;
  rmSync(scratch, { recursive: true, force: true });
});

/** JS a successful escape would run: read the canary and create the marker file. */
const escapeCode = (): string =>
  `return process.mainModule.require('fs').writeFileSync('${marker}', process.env.QUIRE_SANDBOX_CANARY) || process.env.QUIRE_SANDBOX_CANARY`;

const payloads = (): string[] => [
  '{{ range.constructor("return process")() }}',
  `{{ range.constructor("${escapeCode()}")() }}`,
  `{{ namespace.constructor("${escapeCode()}")() }}`,
  `{{ x.constructor.constructor("${escapeCode()}")() }}`,
  `{{ text.constructor.constructor("${escapeCode()}")() }}`,
  `{{ "".upper.constructor("${escapeCode()}")() }}`,
  '{% set f = range.constructor %}{{ f("return process.env")() }}',
  `{% set f = range.constructor %}{{ f("${escapeCode()}")() }}`,
  `{{ range["constructor"]("${escapeCode()}")() }}`,
  "{{ ''.__class__ }}",
  "{{ ''.__class__.__mro__[1].__subclasses__() }}",
  '{{ cycler.__init__ }}',
  '{{ cycler.__init__.__globals__.os }}',
  '{{ self.__dict__ }}',
  '{{ self._TemplateReference__context }}',
  '{{ lipsum.__globals__ }}',
  '{{ lipsum.__globals__["os"].popen("id").read() }}',
  '{{ [].constructor }}',
  '{{ "".constructor.prototype }}',
  '{{ (1).constructor }}',
  '{{ range.__proto__ }}',
  '{{ text.__proto__.constructor }}',
  '{{ obj.constructor }}',
  '{{ obj["__proto__"] }}',
  '{{ process.env.QUIRE_SANDBOX_CANARY }}',
  '{{ globalThis.process }}',
  '{{ this }}',
  // Function values turned into text would print host source code.
  '{{ range }}',
  '{{ namespace }}',
  '{{ "x".upper }}',
  '{{ obj.items }}',
  '{{ range ~ "" }}',
  '{{ "" + range }}',
  '{{ [range] ~ "" }}',
  '{{ [range]|join(",") }}',
  '{{ [[range]]|join }}',
  '{{ ["x".upper]|join }}',
  '{% set s %}{{ range }}{% endset %}{{ s }}',
  '{% filter upper %}{{ range }}{% endfilter %}',
  // Filters applied to functions.
  '{{ range|upper }}',
  '{{ range|string }}',
  '{{ range|tojson }}',
  '{{ {"a": range}|tojson }}',
  '{{ {"a": range}|string }}',
  '{{ range|safe }}',
  '{{ range|default("d") }}',
  '{{ range|list }}',
  '{{ range|length }}',
  '{{ range|truncate(5) }}',
  '{{ range|wordcount }}',
  '{{ range|capitalize }}',
  '{{ range|format }}',
  '{{ "%s"|format(range) }}',
  '{{ "%(a)s"|format(a=range) }}',
  '{{ range|first }}',
  '{{ range|date }}',
  '{{ range|currency }}',
  '{{ range|replace("a", "b") }}',
  '{{ range|indent }}',
  '{{ [range]|sum }}',
  '{{ [range]|max }}',
  '{{ [range]|map("string")|join }}',
  '{{ [range]|select|list }}',
  // The new filters must not reach methods by name.
  '{{ ["a"]|map("constructor")|list }}',
  '{{ ["a"]|map("toString")|list }}',
  '{{ ["a"]|map("__proto__")|list }}',
  '{{ ["a"]|select("constructor")|list }}',
  '{{ ["a"]|map(attribute="constructor")|list }}',
  '{{ [obj]|map(attribute="__proto__.constructor")|list }}',
  '{{ [obj]|sum(attribute="constructor") }}',
  '{% set ns = namespace() %}{% set ns.__proto__ = 1 %}{{ ns }}',
  '{{ {"__proto__": {"polluted": 1}} }}',
];

const context = (): Record<string, unknown> => ({ text: 'abc', obj: { a: 1 } });

describe('sandbox', () => {
  it('renders no payload into anything harmful', () => {
    for (const payload of payloads()) {
      const result = renderTemplate(payload, context());
      const everything = JSON.stringify(result);
      // A missing-variable marker may only echo a path the payload itself spelled out.
      const markers = result.output.match(/\[\[missing: [^\]]*\]\]/g) ?? [];
      for (const text of markers) expect(payload, text).toContain(text.slice('[[missing: '.length, -2).split('.')[0]);
      const rest = markers.reduce((output, text) => output.replace(text, ''), result.output);
      expect(rest, payload).not.toMatch(/process|function|native code|=>|return |\{\s*\[/);
      expect(everything, payload).not.toContain(CANARY);
      expect(everything, payload).not.toContain('[native code]');
      expect(everything, payload).not.toMatch(/=>|writeFileSync\(/);
    }
    expect(existsSync(marker)).toBe(false);
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('refuses to render function values rather than printing their source', () => {
    for (const payload of ['{{ range }}', '{{ range ~ "" }}', '{{ [range]|join(",") }}', '{{ "x".upper }}']) {
      const result = renderTemplate(payload, {});
      expect(result.output).toBe('');
      expect(result.error, payload).toMatch(/function cannot be/);
    }
  });

  it('never calls or exposes functions passed in the context', () => {
    const hostFunction = vi.fn(() => process.env.QUIRE_SANDBOX_CANARY);
    const result = renderTemplate('{{ fn() }}{{ data.fn() }}{{ fn }}', { fn: hostFunction, data: { fn: hostFunction } });
    expect(hostFunction).not.toHaveBeenCalled();
    expect(result.output).toBe('[[missing: fn]][[missing: data.fn]][[missing: fn]]');
  });

  it('does not let context keys shadow the sandbox helpers', () => {
    const result = renderTemplate('{{ 2.5|round }}{{ x }}', { $filter: 'oops', $out: 'oops', x: 'ok' });
    expect(result).toEqual({ output: '3.0ok', undefinedVariables: [] });
  });

  it('survives cyclic context data', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    // The back reference is cut (none): a cyclic value could not be printed or compared anyway.
    expect(renderTemplate('{{ c.name }} [{{ c.self }}]', { c: cyclic }).output).toBe('loop []');
  });

  it('keeps expressions in the same sandbox', () => {
    expect(evaluateExpression('range', {})).toBeUndefined();
    expect(evaluateExpression('range.constructor', {})).toBeUndefined();
    expect(() => evaluateExpression('range.constructor("return process")()', {})).toThrow(/not a function/);
    expect(() => evaluateExpression('[range]|join', {})).toThrow(/function cannot be/);
  });
});

describe('resource limits', () => {
  // Each case ends on a budget counted in steps, characters or items, never on a clock, so the
  // test asserts which budget stops it; how fast that happens is the tenant-code benchmark's
  // business (a loaded CI machine took 5.9 s for all fifteen).
  it('stops runaway loops, recursion, huge ranges and string doubling with an error', { timeout: 120_000 }, () => {
    const cases: [string, RegExp][] = [
      ['{% for a in range(10000) %}{% for b in range(10000) %}{% endfor %}{% endfor %}', /step budget/],
      ['{% macro f(n) %}{% if n > 0 %}{{ f(n - 1) }}{{ f(n - 1) }}{% endif %}{% endmacro %}{{ f(40) }}', /step budget/],
      // Deep recursion overflows the stack, which the library's lookup reports as "not a function".
      ['{% macro f() %}{{ f() }}{% endmacro %}{{ f() }}', /step budget|call stack|not a function/],
      ['{{ range(1000000000)|length }}', /range budget of 10000/],
      ['{% set ns = namespace(s="xx") %}{% for i in range(40) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}{{ ns.s }}', /too long/],
      [`{{ "ab"${'|replace("", "0123456789")'.repeat(7)} }}`, /too long/],
      [`{{ "ab"${'.replace("", "0123456789")'.repeat(7)} }}`, /too long/],
      ['{% set ns = namespace(l=[1]) %}{% for i in range(40) %}{% set ns.l = [ns.l, ns.l] %}{% endfor %}{{ ns.l }}', /too large/],
      ['{% set ns = namespace(l=[1]) %}{% for i in range(40) %}{% set ns.l = ns.l + ns.l %}{% endfor %}{{ ns.l|length }}', /too large/],
      ['{{ [[[1]]]|tojson(indent=100000000) }}', /at most 100/],
      ['{% for i in range(10001) %}{% endfor %}', /range budget of 10000/],
      // Issue #13: a filter over a 512K string counted as one step (23 s of render); it costs by size now.
      [
        "{% set ns = namespace(s='a') %}{% for i in range(19) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}{% for i in range(8000) %}{% set t = ns.s|upper %}{% endfor %}",
        /step budget/,
      ],
      [
        "{% set ns = namespace(s='a') %}{% for i in range(19) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}{% for i in range(8000) %}{% set t = ns.s|lower %}{% endfor %}",
        /step budget/,
      ],
      [
        "{% set ns = namespace(s='a') %}{% for i in range(19) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}{% for i in range(200) %}{{ ns.s }}{% endfor %}",
        /output budget/,
      ],
    ];
    for (const [source, error] of cases) {
      const result = renderTemplate(source, {});
      expect(result.error ?? `no error, output of ${result.output.length} characters`, source).toMatch(error);
      expect(result.output.length, source).toBe(0);
    }
  });
});
