import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderTable, terminalWidth } from './table.js';

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

  it('wraps the widest text column at spaces to fit the width, every line within it', () => {
    const text = renderTable(
      ['name', 'n', 'description'],
      [['fifo', '1', 'jobs in the order they were submitted, each taking every free slot it can use']],
      40,
    );
    const lines = text.trimEnd().split('\n');
    expect(lines.every((line) => line.length <= 40)).toBe(true);
    expect(lines[0]).toBe('name  n  description');
    expect(lines.slice(2).map((line) => line.slice(9).trimEnd()).join(' ')).toBe('jobs in the order they were submitted, each taking every free slot it can use');
    expect(lines[2].startsWith('fifo  1  jobs')).toBe(true);
    expect(lines[3].startsWith('         ')).toBe(true);
  });

  it('prints numeric columns that cannot fit in groups, each beside the first column again', () => {
    const header = ['scheduler', ...Array.from({ length: 6 }, (_, i) => `metric ${i}`)];
    const text = renderTable(header, [['fifo', ...Array.from({ length: 6 }, (_, i) => `${i}.00 s`)]], 40);
    const tables = text.split('\n\n');
    expect(tables.length).toBeGreaterThan(1);
    for (const table of tables) {
      expect(table.trimEnd().split('\n').every((line) => line.length <= 40)).toBe(true);
      expect(table.startsWith('scheduler')).toBe(true);
    }
    expect(header.slice(1).every((h) => text.split(h).length === 2)).toBe(true);
  });

  it('leaves a table that fits as it is', () => {
    const rows = [['a', '1']];
    expect(renderTable(['x', 'y'], rows, 10)).toBe(renderTable(['x', 'y'], rows, Infinity));
  });
});

describe('terminalWidth', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('honours COLUMNS, and has no limit off a terminal without it', () => {
    vi.stubEnv('COLUMNS', '100');
    expect(terminalWidth()).toBe(100);
    vi.stubEnv('COLUMNS', 'wide');
    expect(terminalWidth()).toBe(process.stdout.isTTY ? process.stdout.columns : Infinity);
  });
});
