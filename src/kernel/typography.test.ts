import { describe, expect, it } from 'vitest';
import { afterFullStop, collapseDoubledFullStops } from './typography.js';

describe('collapseDoubledFullStops', () => {
  it('drops the second full stop after a word, an abbreviation or a closing mark', () => {
    expect(collapseDoubledFullStops('It handles password resets.. The vendor')).toBe('It handles password resets. The vendor');
    expect(collapseDoubledFullStops('Signed for Acme Ltd..')).toBe('Signed for Acme Ltd.');
    expect(collapseDoubledFullStops('(see Art. 46 GDPR)..\n')).toBe('(see Art. 46 GDPR).\n');
    expect(collapseDoubledFullStops('the **vendor**..')).toBe('the **vendor**.');
  });

  it('leaves ellipses, ranges and paths as written', () => {
    for (const text of ['Wait... then go.', 'Wait…. then', 'pages 1..10', 'see ../config', 'v1..v2', '..', 'a ..b']) {
      expect(collapseDoubledFullStops(text)).toBe(text);
    }
  });
});

describe('afterFullStop', () => {
  it('drops the leading full stop of text joined after a sentence end', () => {
    expect(afterFullStop('password resets.', '. The vendor')).toBe(' The vendor');
    expect(afterFullStop('Acme Inc.', '.')).toBe('');
  });

  it('keeps it after other endings, and keeps an ellipsis or a name that starts with a dot', () => {
    expect(afterFullStop('Acme', '. Next')).toBe('. Next');
    expect(afterFullStop('Wait...', '. Next')).toBe('. Next');
    expect(afterFullStop('Acme Inc. ', '.')).toBe('.');
    expect(afterFullStop('Acme Inc.', '...')).toBe('...');
    expect(afterFullStop('We use Microsoft.', '.NET')).toBe('.NET');
  });
});
