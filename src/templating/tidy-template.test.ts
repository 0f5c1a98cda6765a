import { describe, expect, it } from 'vitest';
import { renderTemplate } from './render-template.js';
import { tidyTemplate } from './tidy-template.js';

const messy = [
  '<h1>{{ title }}</h1>',
  '{% if client %}',
  '        {% for line in lines %}',
  '  - {{ line.label }}: {{ line.total|currency("EUR") }}',
  '{% if line.note %}',
  '    ({{ line.note }})',
  '      {% elif line.total > 100 %}',
  '  (large)',
  '{% else %}',
  '{% endif %}',
  '\t{% endfor %}',
  '{% else %}',
  'no client',
  '          {% endif %}',
  '{% macro sign(name) %}',
  '{% set greeting %}',
  'Regards, {{ name }}',
  '{% endset %}',
  '{{ greeting }}',
  '{% endmacro %}',
  '   {{ sign("Ann") }}',
  '{# a comment #}',
  '{% filter upper %}',
  'shout',
  '{% endfilter %}',
  '',
].join('\n');

const tidy = [
  '<h1>{{ title }}</h1>',
  '{% if client %}',
  '  {% for line in lines %}',
  '  - {{ line.label }}: {{ line.total|currency("EUR") }}',
  '    {% if line.note %}',
  '    ({{ line.note }})',
  '    {% elif line.total > 100 %}',
  '  (large)',
  '    {% else %}',
  '    {% endif %}',
  '  {% endfor %}',
  '{% else %}',
  'no client',
  '{% endif %}',
  '{% macro sign(name) %}',
  '  {% set greeting %}',
  'Regards, {{ name }}',
  '  {% endset %}',
  '{{ greeting }}',
  '{% endmacro %}',
  '   {{ sign("Ann") }}',
  '{# a comment #}',
  '{% filter upper %}',
  'shout',
  '{% endfilter %}',
  '',
].join('\n');

const templates = [
  messy,
  '{% for x in xs %}\n{% for y in ys %}\n{{ x }}{{ y }}\n{% endfor %}\n{% endfor %}\nend',
  '  {% if a %}A{% endif %} after\n    {% if b %}\n  text\n        {% endif %}',
  'keep   \n\t\t{% set n = 3 %}\n{{ n }}\n   {% if "%}" in s %}yes{% endif %}\n',
  '{% macro m(a) %}\n[{{ a }}|{{ caller() }}]\n{% endmacro %}\n   {% call m(1) %}\n     body\n    {% endcall %}',
  'line\r\n   {% if a %}\r\n x\r\n      {% endif %}\r\n',
];

const contexts: Record<string, unknown>[] = [
  {},
  {
    title: 'T',
    client: true,
    lines: [
      { label: 'a', total: 5, note: 'n' },
      { label: 'b', total: 500 },
      { label: 'c', total: 1 },
    ],
    xs: [1, 2],
    ys: ['y'],
    a: 1,
    b: 1,
    s: 'x%}',
  },
  { title: 'T', client: false, xs: [], a: 0, b: 0, s: 'no' },
];

describe('tidyTemplate', () => {
  it('indents block tags two spaces per level and leaves text, {{ }} and comment lines alone', () => {
    expect(tidyTemplate(messy)).toBe(tidy);
  });

  it('is idempotent', () => {
    for (const template of templates) expect(tidyTemplate(tidyTemplate(template))).toBe(tidyTemplate(template));
  });

  it('does not change what any template renders, in any context', () => {
    for (const template of templates) {
      const tidied = tidyTemplate(template);
      for (const context of contexts) {
        expect(renderTemplate(tidied, context), `${JSON.stringify(template)} with ${JSON.stringify(context)}`).toEqual(renderTemplate(template, context));
      }
    }
  });

  it('leaves {% raw %} content and tags inside strings untouched', () => {
    const source = '{% if a %}\n{% raw %}\n      {% if not_a_tag %}\n{% endraw %}\n{{ "{% if %}" }}\n{% endif %}';
    expect(tidyTemplate(source)).toBe('{% if a %}\n  {% raw %}\n      {% if not_a_tag %}\n  {% endraw %}\n{{ "{% if %}" }}\n{% endif %}');
  });

  it('never throws on broken templates', () => {
    expect(tidyTemplate('{% endif %}\n  {% endfor %}\n{% if')).toBe('{% endif %}\n{% endfor %}\n{% if');
  });
});
