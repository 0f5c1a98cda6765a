import { describe, expect, it } from 'vitest';
import { type Violation, formatReport, kindOf, parseViolationHeader } from './violations.js';

const entry = (n: number) => ({ location: ['response', 'body', `field${n}`], severity: 'Error', code: 'type', message: `must be string (${'x'.repeat(40)})` });

describe('contract tour violations', () => {
  it('reads the entries of an sl-violations header, with warnings marked', () => {
    const header = JSON.stringify([entry(1), { location: ['response'], severity: 'Warning', code: 'x', message: 'Unable to match the returned status code' }]);
    expect(parseViolationHeader(header)).toEqual([
      { location: 'response.body.field1', message: `must be string (${'x'.repeat(40)})` },
      { location: 'response', message: 'Unable to match the returned status code (Warning)' },
    ]);
    expect(parseViolationHeader(null)).toEqual([]);
  });

  it('keeps the whole entries of a header Prism cut, and says that more are only in its log', () => {
    const full = JSON.stringify(Array.from({ length: 200 }, (_, n) => entry(n)));
    const cut = `Too many violations! ${full.slice(0, 8000)}`;
    const parsed = parseViolationHeader(cut);
    expect(parsed.length).toBeGreaterThan(50);
    expect(parsed.length).toBeLessThan(200);
    expect(parsed[0]).toEqual({ location: 'response.body.field0', message: expect.stringContaining('must be string') });
    expect(parsed.at(-1)).toEqual({ location: 'response', message: 'more violations than the sl-violations header holds: see the Prism log' });
  });

  it('groups by operation and counts by kind, with the variable parts of messages folded', () => {
    const v = (operation: string, message: string): Violation => ({
      operation,
      source: 'prism',
      location: 'response.body.detail',
      message,
      request: `${operation} → 422`,
    });
    const violations = [
      v('POST /b', 'Response body property detail must be array'),
      v('POST /a', 'Response body property detail must be array'),
      v('POST /a', "must have required property 'id'"),
    ];
    expect(kindOf(violations[2])).toBe("prism: response: must have required property '…'");
    expect(kindOf({ operation: 'POST /a', source: 'tour', location: 'status', message: 'expected 201, got 422: {"detail":"x"}', request: '' })).toBe(
      'tour: status: expected N, got N',
    );
    const report = formatReport(violations);
    expect(report.indexOf('POST /a  (2)')).toBeLessThan(report.indexOf('POST /b  (1)'));
    expect(report).toContain('   2 × prism: response: Response body property detail must be array');
  });
});
