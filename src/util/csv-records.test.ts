import { describe, expect, it } from 'vitest';
import { csvLine } from '../report/csv.js';
import { CsvSyntaxError, csvRecords } from './csv-records.js';

describe('CSV records', () => {
  it('read back what the CSV writer writes: commas, quotes and line ends inside quoted fields, CRLF, empty lines skipped', () => {
    const text = csvLine(['job_id', 'speed']) + csvLine(['a,b', 1.5]) + csvLine(['say "hi"\nthere', '']) + '\r\nx,2\r\n';
    expect([...csvRecords(text)]).toEqual([
      { fields: ['job_id', 'speed'], line: 1 },
      { fields: ['a,b', '1.5'], line: 2 },
      { fields: ['say "hi"\nthere', ''], line: 3 },
      { fields: ['x', '2'], line: 6 },
    ]);
  });

  it('refuse a quoted field that does not close, or text after its closing quote, saying where', () => {
    expect(() => [...csvRecords('a,b\n"open,1\n')]).toThrow(new CsvSyntaxError(2, 1, 'a quoted field that does not close'));
    expect(() => [...csvRecords('a,"b"c\n')]).toThrow(new CsvSyntaxError(1, 6, 'text after a closing quote'));
  });
});
