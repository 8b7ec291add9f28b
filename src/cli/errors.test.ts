import { describe, expect, it } from 'vitest';
import { OutOfMemoryError } from '../util/heap-guard.js';
import { reportError } from './errors.js';

function report(error: unknown): { code: number; text: string } {
  let text = '';
  const code = reportError(error, (chunk) => (text += chunk));
  return { code, text };
}

describe('out of memory', () => {
  it('is reported with what was being done and how to give Node more, and exits 2', () => {
    const { code, text } = report(new OutOfMemoryError('simulating 10 jobs, 20 maps and 0 reduces on 3 nodes: 2 jobs done', 3 * 2 ** 30));
    expect(code).toBe(2);
    expect(text).toBe(
      "mrsched: out of memory while simulating 10 jobs, 20 maps and 0 reduces on 3 nodes: 2 jobs done (Node's heap holds 3072 MB)\n" +
        '  Give Node a larger heap (NODE_OPTIONS=--max-old-space-size=6144 mrsched …) or run a smaller scenario.\n',
    );
  });

  it('is also what a typed array too large for the machine is, but not any RangeError', () => {
    expect(report(new RangeError('Array buffer allocation failed'))).toEqual({
      code: 2,
      text: 'mrsched: out of memory: Array buffer allocation failed; the machine has no more to give: run a smaller scenario.\n',
    });
    expect(report(new RangeError('Invalid array length')).code).toBe(1);
  });
});

describe('a full disk', () => {
  it('is the machine’s state, not a bug: exit 2 with the message and what to do, no stack', () => {
    const full = Object.assign(new Error('cannot write out/sweep/report.html (ENOSPC)'), { code: 'ENOSPC' });
    expect(report(full)).toEqual({ code: 2, text: 'mrsched: cannot write out/sweep/report.html (ENOSPC): make room and run the same command again\n' });
    const other = Object.assign(new Error('cannot write x (EACCES)'), { code: 'EACCES' });
    expect(report(other).code).toBe(1);
  });
});
