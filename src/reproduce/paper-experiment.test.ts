import { describe, expect, it } from 'vitest';
import { verdict } from './paper-experiment.js';

describe('verdict', () => {
  it('takes a number as reproduced within half a unit of the last digit the paper prints', () => {
    expect(verdict({ label: '', paper: 14.67, ours: 44 / 3 })).toBe('reproduced'); // 14.6667: 0.0033 off
    expect(verdict({ label: '', paper: 31.76, ours: 31.7757 })).toBe('differs'); // 0.0157 off, more than 0.005
    expect(verdict({ label: '', paper: 47, ours: 47.4 })).toBe('reproduced');
    expect(verdict({ label: '', paper: 47, ours: 47.6 })).toBe('differs');
  });

  it('uses the tolerance given, for a figure the paper prints as a fraction', () => {
    expect(verdict({ label: '', paper: 107 / 3, ours: 35.67, tolerance: 1e-9 })).toBe('differs');
    expect(verdict({ label: '', paper: 107 / 3, ours: 107 / 3, tolerance: 1e-9 })).toBe('reproduced');
  });

  it('holds a bound the paper proves from its side only', () => {
    expect(verdict({ label: '', paper: 6, ours: 9, relation: '≥' })).toBe('reproduced');
    expect(verdict({ label: '', paper: 6, ours: 5, relation: '≥' })).toBe('differs');
    expect(verdict({ label: '', paper: 6, ours: 5, relation: '≤' })).toBe('reproduced');
    expect(verdict({ label: '', paper: 6, ours: 7, relation: '≤' })).toBe('differs');
  });

  it("takes a mean as reproduced when it lies in the paper's interval, within half a unit of the interval's last digit", () => {
    const paper = { low: 11.59, high: 11.65 };
    expect(verdict({ label: '', paper, ours: 11.6 })).toBe('reproduced');
    expect(verdict({ label: '', paper, ours: 11.654 })).toBe('reproduced'); // 0.004 above, within 0.005
    expect(verdict({ label: '', paper, ours: 11.656 })).toBe('differs');
    expect(verdict({ label: '', paper, ours: 11.58 })).toBe('differs');
    expect(verdict({ label: '', paper: { low: 99.12, high: 100 }, ours: 100.004 })).toBe('reproduced'); // the digits of 99.12 set it
  });

  it('compares texts (job orders, pools) exactly', () => {
    expect(verdict({ label: '', paper: 'J1, J2', ours: 'J1, J2' })).toBe('reproduced');
    expect(verdict({ label: '', paper: 'J1, J2', ours: 'J2, J1' })).toBe('differs');
  });
});
