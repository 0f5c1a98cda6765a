import { describe, expect, it } from 'vitest';
import { findNamespaceMembers, findTemplateReads, findTemplateVariables } from './template-variables.js';

describe('findTemplateVariables', () => {
  it('returns root names of attribute access, unique, in first-seen order', () => {
    expect(findTemplateVariables('{{ client.name }} {{ amount|round(2) }} {{ client.address.city }} {{ items[0].x }}')).toEqual(['client', 'amount', 'items']);
  });

  it('excludes loop variables, loop, and reads the iterable outside the loop scope', () => {
    const source = '{% for line in lines if line.qty > min_qty %}{{ loop.index }} {{ line.total }} {{ currency }}{% else %}{{ line }}{% endfor %}';
    expect(findTemplateVariables(source)).toEqual(['lines', 'min_qty', 'currency', 'line']);
    expect(findTemplateVariables('{% for k, v in pairs %}{{ k }}{{ v }}{% endfor %}')).toEqual(['pairs']);
  });

  it('excludes names bound by set (after the set), but not a read before it', () => {
    expect(findTemplateVariables('{{ total }}{% set total = price * qty %}{{ total }}')).toEqual(['total', 'price', 'qty']);
    expect(findTemplateVariables('{% set a, b = pair %}{{ a }}{{ b }}')).toEqual(['pair']);
    expect(findTemplateVariables('{% set block %}{{ body }}{% endset %}{{ block }}')).toEqual(['body']);
    expect(findTemplateVariables('{% set ns = namespace(n=start) %}{% set ns.n = ns.n + 1 %}{{ ns.n }}')).toEqual(['start']);
  });

  it('does not leak variables set inside a loop', () => {
    expect(findTemplateVariables('{% for x in xs %}{% set y = x %}{% endfor %}{{ y }}')).toEqual(['xs', 'y']);
  });

  it('excludes macro names, parameters, caller, kwargs and varargs, but not free names in macros', () => {
    const source =
      '{{ row(1) }}{% macro row(label, value=default_value) %}{{ label }}{{ value }}{{ caller }}{{ kwargs }}{{ footer }}{% endmacro %}' +
      '{% call(item) row(2) %}{{ item }}{{ extra }}{% endcall %}';
    expect(findTemplateVariables(source)).toEqual(['default_value', 'footer', 'extra']);
  });

  it('excludes filter and test names and the sandbox globals', () => {
    expect(findTemplateVariables('{{ x|upper|truncate(n) }}{% if y is defined %}{{ range(3)|join }}{{ true }}{{ none }}{% endif %}')).toEqual(['x', 'n', 'y']);
    expect(findTemplateVariables('{% filter truncate(width) %}{{ text }}{% endfilter %}')).toEqual(['width', 'text']);
  });

  it('reads keys and values of literals and ternaries', () => {
    expect(findTemplateVariables('{{ {"a": a, k: 1}[sel] if cond else fallback }}')).toEqual(['cond', 'a', 'k', 'sel', 'fallback']);
  });

  it('returns [] for a template that does not parse', () => {
    expect(findTemplateVariables('{% if x %}')).toEqual([]);
    expect(findTemplateVariables('{{ x + }}')).toEqual([]);
    expect(findTemplateVariables('plain text')).toEqual([]);
  });
});

describe('findNamespaceMembers', () => {
  it('lists statically named members of the watched namespaces, skipping a rebound namespace', () => {
    const source =
      '{{ computed.total }} {{ computed["net"] }} {{ computed[key] }} {{ fields.client.name }} {{ other.x }}{% if computed.flag %}y{% endif %}' +
      '{% for computed in rows %}{{ computed.shadowed }}{% endfor %}{% set fields = {} %}{{ fields.after }}';
    expect(findNamespaceMembers(source, ['computed', 'fields'])).toEqual(['computed.total', 'computed.net', 'fields.client', 'computed.flag']);
    expect(findNamespaceMembers('{% if %}', ['computed'])).toEqual([]);
  });
});

describe('findTemplateReads', () => {
  it('names bare reads and static members of free names, one level deep', () => {
    expect(findTemplateReads('{{ client }} {{ fields.year }} {{ computed["total"] }} {{ gathered[key] }} {{ fields.year }}')).toEqual([
      'client',
      'fields.year',
      'computed.total',
      'gathered',
      'key',
    ]);
    expect(findTemplateReads('{% for s in sources %}{{ s.n }}{% endfor %}{{ synthesized.summary.text }}')).toEqual(['sources', 'synthesized.summary']);
    expect(findTemplateReads('{% set x = 1 %}{{ x.y }}{{ loop }}')).toEqual([]);
    expect(findTemplateReads('{% if x %}')).toEqual([]);
  });
});
