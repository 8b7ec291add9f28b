import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { csvLine, csvNumber } from './csv.js';

describe('csvLine', () => {
  it('quotes fields holding a comma, a quote or a line break, doubling the quotes', () => {
    expect(csvLine(['a,b', 'say "hi"', 'two\nlines', 'plain'])).toBe('"a,b","say ""hi""","two\nlines",plain\n');
  });

  it('prints integers as they are and other numbers to at most 6 decimals, never in exponent form', () => {
    expect(csvLine([3, 2.5, 1 / 3, 1e-7, 1e20, 12.0000001])).toBe('3,2.5,0.333333,0,100000000000000000000,12\n');
  });

  it('leaves null and NaN empty', () => {
    expect(csvLine(['x', null, Number.NaN])).toBe('x,,\n');
  });
});

describe('csvNumber', () => {
  it('drops the trailing zeros and point of six decimals, as stripping /\\.?0+$/ does', () => {
    const byPattern = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(6).replace(/\.?0+$/, ''));
    fc.assert(
      fc.property(fc.double({ noNaN: true, min: -1e15, max: 1e15 }), (value) => {
        expect(csvNumber(value)).toBe(byPattern(value));
      }),
    );
    expect([csvNumber(9.9999999), csvNumber(100.0000001), csvNumber(-1e-9), csvNumber(0.5)]).toEqual(['10', '100', '-0', '0.5']);
  });
});
