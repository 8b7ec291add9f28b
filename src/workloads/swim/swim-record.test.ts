import { describe, expect, it } from 'vitest';
import { columnName, parseSwimLine } from './swim-record.js';

describe('parseSwimLine', () => {
  it('reads the six columns of a line as the trace states them', () => {
    expect(parseSwimLine('job0\t49\t49\t740773\t2339561\t627471')).toEqual({
      kind: 'record',
      record: { id: 'job0', submit: 49, gap: 49, inputBytes: 740773, shuffleBytes: 2339561, outputBytes: 627471 },
    });
  });

  it('takes decimal seconds and drops the carriage return of a CRLF line end', () => {
    const line = parseSwimLine('j\t1.5\t0.25\t0\t0\t0\r');
    expect(line).toEqual({
      kind: 'record',
      record: { id: 'j', submit: 1.5, gap: 0.25, inputBytes: 0, shuffleBytes: 0, outputBytes: 0 },
    });
  });

  it('calls a line of nothing, or only spaces and tabs, blank', () => {
    expect(parseSwimLine('')).toEqual({ kind: 'blank' });
    expect(parseSwimLine(' \t ')).toEqual({ kind: 'blank' });
    expect(parseSwimLine('\r')).toEqual({ kind: 'blank' });
  });

  it('names the first missing column of a short line, at one past the line end', () => {
    // 'job0\t49\t49\t740773\t2339561' is 4+1+2+1+2+1+6+1+7 = 25 characters: column 6 would start at 26.
    expect(parseSwimLine('job0\t49\t49\t740773\t2339561')).toEqual({
      kind: 'invalid',
      problem: {
        column: 6,
        at: 26,
        expected:
          '6 tab-separated columns (job id, submit time, gap, map input bytes, shuffle bytes, reduce output bytes), or 7 with an input path',
        found: '5 columns',
      },
    });
  });

  it('reads a seventh column as the input path (SWIM\'s FB-2010 file with input paths)', () => {
    expect(parseSwimLine('job0\t1\t1\t10\t20\t30\tinputPath_5')).toEqual({
      kind: 'record',
      record: { id: 'job0', submit: 1, gap: 1, inputBytes: 10, shuffleBytes: 20, outputBytes: 30, inputPath: 'inputPath_5' },
    });
    // 'a\t1\t1\t1\t1\t1\t' is 12 characters: an empty seventh field at 13 is a problem, not a path.
    expect(parseSwimLine('a\t1\t1\t1\t1\t1\t')).toMatchObject({
      kind: 'invalid',
      problem: { column: 7, at: 13, expected: 'an input path (non-empty text), or no seventh column', found: 'an empty field' },
    });
  });

  it('names the first extra column of a long line', () => {
    // 'a\t1\t1\t1\t1\t1\tp\t' + 'x': the eighth field starts at 2·6 + 2 + 1 = 15.
    const line = parseSwimLine('a\t1\t1\t1\t1\t1\tp\tx');
    expect(line).toMatchObject({ kind: 'invalid', problem: { column: 8, at: 15, found: '8 columns' } });
  });

  it('reads a line without tabs (columns separated by spaces) as one column', () => {
    expect(parseSwimLine('job0 49 49 740773 2339561 627471')).toMatchObject({
      kind: 'invalid',
      problem: { column: 2, found: '1 column' },
    });
  });

  it('refuses a letter in a number, naming the column and where its field starts', () => {
    // 'job1\t101\t52\t' is 12 characters: column 4 starts at 13.
    expect(parseSwimLine('job1\t101\t52\t73634x\t1700537\t432269')).toEqual({
      kind: 'invalid',
      problem: { column: 4, at: 13, expected: 'a whole number of bytes ≥ 0 (digits only)', found: "'73634x'" },
    });
  });

  it('refuses negative sizes and times, and says they are negative', () => {
    expect(parseSwimLine('j\t1\t1\t1\t-5\t1')).toMatchObject({
      kind: 'invalid',
      problem: { column: 5, found: "'-5' (negative)" },
    });
    expect(parseSwimLine('j\t-1\t1\t1\t1\t1')).toMatchObject({
      kind: 'invalid',
      problem: { column: 2, expected: 'a number of seconds ≥ 0 (digits, optionally a decimal fraction)', found: "'-1' (negative)" },
    });
  });

  it('refuses NaN, exponents, fractions of a byte, empty fields and an empty id', () => {
    expect(parseSwimLine('j\tNaN\t1\t1\t1\t1')).toMatchObject({ problem: { column: 2, found: "'NaN'" } });
    expect(parseSwimLine('j\t1\t1e3\t1\t1\t1')).toMatchObject({ problem: { column: 3, found: "'1e3'" } });
    expect(parseSwimLine('j\t1\t1\t1.5\t1\t1')).toMatchObject({ problem: { column: 4, found: "'1.5'" } });
    expect(parseSwimLine('j\t1\t1\t1\t1\t')).toMatchObject({ problem: { column: 6, found: 'an empty field' } });
    expect(parseSwimLine('\t1\t1\t1\t1\t1')).toMatchObject({ problem: { column: 1, at: 1, found: 'an empty field' } });
  });

  it('refuses a size a double cannot hold exactly (above 2^53 − 1)', () => {
    expect(parseSwimLine('j\t1\t1\t9007199254740992\t1\t1')).toMatchObject({
      problem: { column: 4, expected: 'a whole number of bytes ≤ 9007199254740991' },
    });
    expect(parseSwimLine('j\t1\t1\t9007199254740991\t1\t1')).toMatchObject({ kind: 'record' });
  });

  it('reports the leftmost problem of a line', () => {
    expect(parseSwimLine('j\tx\t1\t-1\t1\t1')).toMatchObject({ problem: { column: 2 } });
  });
});

describe('columnName', () => {
  it('names a column by number and meaning', () => {
    expect(columnName(4)).toBe('column 4 (map input bytes)');
    expect(columnName(7)).toBe('column 7 (input path)');
    expect(columnName(8)).toBe('column 8');
  });
});
