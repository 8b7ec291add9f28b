import { describe, expect, it } from 'vitest';
import { InputError, LISTED_PROBLEMS } from './input-error.js';

describe('InputError', () => {
  it('lists every problem with its place', () => {
    const error = new InputError('s.yaml', [
      { path: 'jobs[0].maps', line: 3, column: 5, expected: 'a whole number ≥ 1', found: '0' },
      { path: '', expected: 'jobs or jobStreams', found: 'neither' },
    ]);
    expect(error.message).toBe(
      ['s.yaml: 2 problems', '  s.yaml:3:5: jobs[0].maps: expected a whole number ≥ 1, found 0', '  s.yaml: expected jobs or jobStreams, found neither'].join('\n'),
    );
  });

  it(`lists the first ${LISTED_PROBLEMS} of many problems and counts the rest`, () => {
    const problems = Array.from({ length: 250_000 }, (_, i) => ({ path: `jobs[${i}]`, expected: 'mapTime', found: 'none' }));
    const lines = new InputError('big.json', problems).message.split('\n');
    expect(lines[0]).toBe('big.json: 250000 problems');
    expect(lines).toHaveLength(1 + LISTED_PROBLEMS + 1);
    expect(lines.at(-1)).toBe(`  … and ${250_000 - LISTED_PROBLEMS} more problems (the first ${LISTED_PROBLEMS} are listed)`);
  });

  it('counts the problems a reader found beyond those it kept', () => {
    const error = new InputError('t.tsv', [{ path: '', line: 2, expected: 'six columns', found: '1 column' }], 5_000);
    expect(error.message.split('\n')).toEqual([
      't.tsv: 5000 problems',
      '  t.tsv:2:1: expected six columns, found 1 column',
      '  … and 4999 more problems (the first 1 are listed)',
    ]);
  });

  it('cuts a long value to its start and its length: a 1 MB field makes no readable line', () => {
    const found = `'${'x'.repeat(2 ** 20)}'`;
    const [, line] = new InputError('f.yaml', [{ path: 'name', expected: 'a name', found }]).message.split('\n');
    expect(line.length).toBeLessThan(400);
    expect(line).toMatch(/^ {2}f\.yaml: name: expected a name, found 'x+… \(1,048,578 characters in all\)$/);
  });

  it('shows control and bidirectional formatting characters escaped: a value cannot drive the terminal or reverse the line', () => {
    const [, line] = new InputError('f.yaml', [{ path: 'id', expected: 'an id', found: "'a\u001b[2Jb\u202ecod.exe\u2066'" }]).message.split('\n');
    expect(line).toBe("  f.yaml: id: expected an id, found 'a\\u001b[2Jb\\u202ecod.exe\\u2066'");
  });
});
