import { describe, expect, it } from 'vitest';
import { checkComputation } from './check-computation.js';

const computationProblem = (source: string) => checkComputation(source).problem;
const computationReads = (source: string) => checkComputation(source).reads;

describe('checkComputation: problem', () => {
  it('accepts JSONata with its own functions, local functions and the pinned $now() / $millis()', () => {
    for (const source of [
      '$round($number(fields.retention_months) / 12, 1)',
      "fields.a = 'true' or fields.b = 'true'",
      '$now()',
      '$fromMillis($millis(), "[Y0001]")',
      '($twice := function($x) { $x * 2 }; $twice(3))',
      '$map([1, 2], function($v, $i) { $v + $i })',
      '$sum(items.price)',
    ])
      expect(computationProblem(source), source).toBeNull();
  });

  it('names the parse error and where it is', () => {
    expect(computationProblem('((')).toMatch(/^does not parse: Expected "\)" before end of expression \(at character 2\)$/);
  });

  it('refuses non-deterministic, unknown and mis-called functions by name', () => {
    expect(computationProblem('$random()')).toContain('$random');
    expect(computationProblem('$shuffle([1, 2])')).toContain('$shuffle');
    expect(computationProblem('($f := $random; $f())')).toContain('$random');
    expect(computationProblem('$uuid()')).toContain('$uuid(), which is not a JSONata function');
    expect(computationProblem('$now("[Y]")')).toContain('$now() with arguments');
  });
});

describe('checkComputation: reads', () => {
  it('lists the path names an expression reads', () => {
    expect(computationReads('$number(fields.amount) * gathered.rate')).toEqual(['fields', 'amount', 'gathered', 'rate']);
    expect(computationReads('((')).toEqual([]);
  });
});
