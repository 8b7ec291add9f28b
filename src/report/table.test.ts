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
});
