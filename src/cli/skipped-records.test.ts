import { describe, expect, it } from 'vitest';
import { cliSession } from '../test-support/cli-session.js';
import { reportSkipped } from './skipped-records.js';

const cli = cliSession();

const records = (n: number) => Array.from({ length: n }, (_, k) => ({ where: `t.tsv:${k + 1}`, reason: 'bad' }));

describe('reportSkipped', () => {
  it('says nothing when nothing was skipped', () => {
    reportSkipped([], 'the trace of x.yaml: ');
    expect(cli.err).toBe('');
  });

  it('names the trace, lists every record up to 20, one a line', () => {
    reportSkipped(records(2), 'the trace of x.yaml: ');
    expect(cli.err).toBe('the trace of x.yaml: skipped 2 malformed record(s):\n  t.tsv:1: bad\n  t.tsv:2: bad\n');
  });

  it('lists the first 20 of 22 and counts the other 2, followed by the note given', () => {
    reportSkipped(records(22), '', ' (all listed in the file)');
    const lines = cli.err.split('\n');
    expect(lines[0]).toBe('skipped 22 malformed record(s):');
    expect(lines.slice(1, 21)).toEqual(records(20).map((r) => `  ${r.where}: ${r.reason}`));
    expect(lines.slice(21)).toEqual(['  … and 2 more (all listed in the file)', '']);
  });

  it("shows a record's control and bidirectional formatting characters escaped, never played on the terminal", () => {
    reportSkipped([{ where: 't.tsv:2', reason: "column 1 (job id): expected a job id, found 'job\u001b[2J\u202e'" }]);
    expect(cli.err).toBe("skipped 1 malformed record(s):\n  t.tsv:2: column 1 (job id): expected a job id, found 'job\\u001b[2J\\u202e'\n");
  });
});
