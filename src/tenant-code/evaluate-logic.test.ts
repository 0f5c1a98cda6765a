import { describe, expect, it } from 'vitest';
import { COMPUTATION_LIMITS } from './budgets.js';
import { evaluateConditions } from './evaluate-logic.js';

const value = (rule: unknown, data: unknown = {}) => evaluateConditions([{ '==': [rule, rule] }], data)[0];

describe('JsonLogic within budgets', () => {
  it('keeps merge and cat as JsonLogic defines them for ordinary values', () => {
    expect(evaluateConditions([{ '==': [{ cat: ['a', 1, null] }, 'a1null'] }], {})).toEqual([{ ok: true, matched: true }]);
    expect(evaluateConditions([{ in: [3, { merge: [[1], [2, 3], 4] }] }], {})).toEqual([{ ok: true, matched: true }]);
    expect(evaluateConditions([{ in: [5, { merge: [[1], [2, [5]]] }] }], {})).toEqual([{ ok: true, matched: false }]);
  });

  it('refuses a merge or a cat past the sequence or string budget before building it', () => {
    const big = Array.from({ length: COMPUTATION_LIMITS.maxSequence }, (_, i) => i);
    expect(value({ merge: [{ var: 'big' }, [1]] }, { big })).toEqual({
      ok: false,
      error: `merge would build ${COMPUTATION_LIMITS.maxSequence + 1} items: the sequence budget is ${COMPUTATION_LIMITS.maxSequence}`,
    });
    const long = 'x'.repeat(COMPUTATION_LIMITS.maxStringChars);
    expect(value({ cat: [{ var: 'long' }, 'y'] }, { long })).toEqual({
      ok: false,
      error: `cat would build ${COMPUTATION_LIMITS.maxStringChars + 1} characters: the string budget is ${COMPUTATION_LIMITS.maxStringChars}`,
    });
  });
});
