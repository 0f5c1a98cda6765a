import { describe, expect, it } from 'vitest';
import { renderTemplate, validateTemplateSyntax } from './render-template.js';

const render = (source: string, context: Record<string, unknown> = {}): string => {
  const result = renderTemplate(source, context);
  expect(result.error).toBeUndefined();
  return result.output;
};

describe('renderTemplate', () => {
  it('renders fields, attribute access and literals', () => {
    expect(render('Dear {{ client.name }}, you owe {{ amount }}.', { client: { name: 'Ann' }, amount: 12.5 })).toBe('Dear Ann, you owe 12.5.');
    expect(render('{{ true }}|{{ none }}|{{ 3 }}|{{ 3.0 }}')).toBe('true||3|3.0');
  });

  it('renders loops with loop variables, else blocks and trim/lstrip blocks', () => {
    const source = '<ul>\n  {% for item in items %}\n  <li>{{ loop.index }}. {{ item.label }}</li>\n  {% else %}\n  <li>none</li>\n  {% endfor %}\n</ul>';
    expect(render(source, { items: [{ label: 'a' }, { label: 'b' }] })).toBe('<ul>\n  <li>1. a</li>\n  <li>2. b</li>\n</ul>');
    expect(render(source, { items: [] })).toBe('<ul>\n  <li>none</li>\n</ul>');
  });

  it('renders conditions, elif chains and sets', () => {
    const source = '{% set total = price * qty %}{% if total > 100 %}big{% elif total > 10 %}medium{% else %}small{% endif %} {{ total }}';
    expect(render(source, { price: 20, qty: 6 })).toBe('big 120');
    expect(render(source, { price: 2, qty: 6 })).toBe('medium 12');
    expect(render(source, { price: 1, qty: 1 })).toBe('small 1');
  });

  it('renders macros, call blocks and namespaces', () => {
    expect(render('{% macro row(label, value="-") %}[{{ label }}: {{ value }}]{% endmacro %}{{ row("a") }}{{ row("b", 2) }}')).toBe('[a: -][b: 2]');
    expect(render('{% macro box() %}<{{ caller() }}>{% endmacro %}{% call box() %}inside{% endcall %}')).toBe('<inside>');
    expect(render('{% set ns = namespace(n=0) %}{% for x in [1, 2, 3] %}{% set ns.n = ns.n + x %}{% endfor %}{{ ns.n }}')).toBe('6');
  });

  it('is deterministic', () => {
    const source = '{% for k, v in data.items() %}{{ k }}={{ v|round(1) }};{% endfor %}{{ "2024-02-29"|date("%A %d %B") }}';
    const context = { data: { b: 2.25, a: 1.05 } };
    const first = renderTemplate(source, context);
    expect(renderTemplate(source, context)).toEqual(first);
    expect(first.output).toBe('b=2.3;a=1.1;Thursday 29 February');
  });
});

describe('undefined variables', () => {
  it('renders a visible marker and reports each name once, in first-seen order', () => {
    const result = renderTemplate('{{ b }} {{ a }} {{ b }} {{ known }}', { known: 'k' });
    expect(result.output).toBe('[[missing: b]] [[missing: a]] [[missing: b]] k');
    expect(result.undefinedVariables).toEqual(['b', 'a']);
    expect(result.error).toBeUndefined();
  });

  it('uses the dotted path for attribute access, whether the root or a leaf is missing', () => {
    expect(renderTemplate('{{ client.name }}', {})).toMatchObject({ output: '[[missing: client.name]]', undefinedVariables: ['client.name'] });
    expect(renderTemplate('{{ client.address.city }}', { client: { address: {} } }).output).toBe('[[missing: client.address.city]]');
    expect(renderTemplate('{{ lines[0].total }}', { lines: [] }).output).toBe('[[missing: lines.0.total]]');
  });

  it('marks the missing part of a filtered or concatenated expression instead of failing', () => {
    const result = renderTemplate('{{ client.name|upper }} / {{ "Dear " ~ who ~ "!" }} / {{ price * 2 }}', {});
    expect(result.error).toBeUndefined();
    expect(result.output).toBe('[[missing: client.name]] / Dear [[missing: who]]! / [[missing: price]]');
    expect(result.undefinedVariables).toEqual(['client.name', 'who', 'price']);
  });

  it('marks a loop over a missing list and iterates nothing', () => {
    const result = renderTemplate('{% for line in lines %}x{% else %}empty{% endfor %}', {});
    expect(result.output).toBe('[[missing: lines]]empty');
    expect(result.undefinedVariables).toEqual(['lines']);
  });

  it('leaves deliberate handling of undefined alone', () => {
    const result = renderTemplate('{{ x|default("n/a") }} {{ y or "none" }} {% if z is defined %}z{% else %}no z{% endif %} {% if w %}w{% endif %}', {});
    expect(result).toEqual({ output: 'n/a none no z ', undefinedVariables: [] });
  });

  it('checks a path in the scope it is read in: a loop variable or macro parameter over a context key of its name', () => {
    const source =
      '{% for client in clients %}{{ client.name }};{% endfor %}{% macro m(client) %}{{ client.name }}{% endmacro %}{{ m({"name": "P"}) }} {{ client.name }}';
    const result = renderTemplate(source, { clients: [{ name: 'A' }, {}], client: { name: 'C' } });
    expect(result).toEqual({ output: 'A;[[missing: client.name]];P C', undefinedVariables: ['client.name'] });
  });

  it('prints a path with dots, quotes or an index in its keys as written', () => {
    const result = renderTemplate(`{{ data["a.b"] }} {{ data['say "hi"'] }} {{ rows[1]["x"] }} {{ data.ok }}`, { data: { ok: 1 }, rows: [{}, {}] });
    expect(result.output).toBe('[[missing: data.a.b]] [[missing: data.say "hi"]] [[missing: rows.1.x]] 1');
  });

  it('prints a variable on its own as member access gives it: builtins, indexes, namespaces, falsy values', () => {
    const source =
      '{{ items.length }}|{{ name[1] }}|{{ items[5] }}|{{ obj.b.c }}|{% set ns = namespace(x=3) %}{{ ns.x }}|{{ ns.y }}|{{ flag }}|{{ nothing }}|{{ n }}';
    const result = renderTemplate(source, { items: [1, 2], name: 'Ann', obj: { b: {} }, flag: false, nothing: null, n: 0 });
    expect(result).toEqual({
      output: '2|n|[[missing: items.5]]|[[missing: obj.b.c]]|3|[[missing: ns.y]]|false||0',
      undefinedVariables: ['items.5', 'obj.b.c', 'ns.y'],
    });
    expect(renderTemplate('{{ obj.items }}', { obj: { a: 1 } }).error).toMatch(/function cannot be rendered/);
  });

  it('does not mark loop variables, sets or macro parameters', () => {
    const result = renderTemplate('{% set t = 1 %}{% macro m(p) %}{{ p }}{% endmacro %}{% for i in [1] %}{{ i }}{{ t }}{{ m(2) }}{% endfor %}', {});
    expect(result).toEqual({ output: '112', undefinedVariables: [] });
  });
});

describe('syntax errors', () => {
  it('returns an error with the line instead of throwing', () => {
    const result = renderTemplate('Hello\n{% if x %}\n{{ x + }}\n{% endif %}', { x: 1 });
    expect(result.output).toBe('');
    expect(result.undefinedVariables).toEqual([]);
    expect(result.error).toMatch(/line 3/);
  });

  it('locates unclosed blocks, stray end tags and unterminated tags', () => {
    expect(renderTemplate('a\nb\n{% for x in y %}\n{{ x }}', {}).error).toMatch(/line 3/);
    expect(renderTemplate('a\n{% if x %}\n{% endfor %}\n', {}).error).toMatch(/line 3/);
    expect(renderTemplate('a\n\n\n{{ x ', {}).error).toMatch(/line 4/);
    expect(renderTemplate('{% frobnicate %}', {}).error).toMatch(/frobnicate.*line 1/);
  });

  it('returns runtime errors as errors too', () => {
    const result = renderTemplate('{{ "a"|no_such_filter }}', {});
    expect(result.output).toBe('');
    expect(result.error).toMatch(/no_such_filter/);
  });
});

describe('validateTemplateSyntax', () => {
  it('is null for a valid template and the message otherwise', () => {
    expect(validateTemplateSyntax('{% for x in xs %}{{ x|round(2) }}{% endfor %}')).toBeNull();
    expect(validateTemplateSyntax('ok\n{% if %}{% endif %}')).toMatch(/line 2/);
  });
});
