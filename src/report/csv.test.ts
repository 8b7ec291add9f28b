import { describe, expect, it } from 'vitest';
import { csvLine } from './csv.js';

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
