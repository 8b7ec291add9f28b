import { InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import { parseCost, parseRemoteCost } from './cost-options.js';

describe('cost options', () => {
  it('reads a constant, a line with or without its coefficient, and a table', () => {
    expect(parseRemoteCost('3')).toEqual({ kind: 'constant', value: 3 });
    expect(parseRemoteCost('2 + 0.5r')).toEqual({ kind: 'linear', base: 2, perRemote: 0.5 });
    expect(parseRemoteCost('2+r')).toEqual({ kind: 'linear', base: 2, perRemote: 1 });
    expect(parseRemoteCost('2,3,5')).toEqual({ kind: 'table', values: [2, 3, 5] });
  });

  it.each(['', '-1', 'abc', '2+r+r', '2,,3', 'Infinity', '1e999'])('refuses %j as a remote cost', (text) => {
    expect(() => parseRemoteCost(text)).toThrow(InvalidArgumentError);
  });

  it('refuses negative and non-numeric costs', () => {
    expect(() => parseCost('-0.5')).toThrow(/expected a number ≥ 0, found '-0.5'/);
    expect(() => parseCost(' ')).toThrow(InvalidArgumentError);
    expect(parseCost('0.25')).toBe(0.25);
  });
});
