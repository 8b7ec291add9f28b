import { describe, expect, it } from 'vitest';
import { renderTable } from './table.js';

describe('renderTable', () => {
  it('aligns numbers (with units, or a dash) right and text left, the first column always left', () => {
    const text = renderTable(
      ['name', 'time', 'what'],
      [
        ['a', '4.5 s', 'short'],
        ['bbb', '—', 'a longer text'],
      ],
    );
    expect(text).toBe(['name   time  what', '----  -----  -------------', 'a     4.5 s  short', 'bbb       —  a longer text', ''].join('\n'));
  });

  it('renders a table of 300,000 rows (a width found by spreading every row as arguments overflows the stack)', () => {
    const rows = Array.from({ length: 300_000 }, (_, i) => [`v${i}`, String(i)]);
    const lines = renderTable(['vertex', 'H'], rows).split('\n');
    expect(lines).toHaveLength(300_003);
    // Widths 7 ('v299999') and 6 ('299999'): 'v0' + 5 spaces, 2 between, 5 + '0'.
    expect(lines[2]).toBe(`v0${' '.repeat(12)}0`);
    expect(lines[300_001]).toBe('v299999  299999');
  });
});
