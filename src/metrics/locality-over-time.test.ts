import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { KIND_MAP, LOCALITY_NODE, LOCALITY_NONE, type RunRecord } from '../model/index.js';
import { attemptEnd, attemptEnds } from './attempt-end.js';
import { attemptOrder } from './attempt-order.js';
import { localityOverTime } from './locality-over-time.js';
import { runSpan } from './span.js';
import { arbitraryRun } from './test-support/arbitrary-run.js';
import { buildRun } from './test-support/run-builder.js';

const localityOf = (run: RunRecord) => {
  const ends = attemptEnds(run);
  return localityOverTime(run, runSpan(run), ends, attemptOrder(run, ends)).mapLocalityOverTime;
};

describe('Locality(t) averaged over the run', () => {
  it('averages the percentage of running maps that are node-local over the time some map runs', () => {
    // span [0, 10]. [0, 4): a (local) and b (remote) run → 50 %; [4, 6): b alone → 0 %;
    // [6, 8): nothing runs (left out); [8, 10): c (local) → 100 %. (50 × 4 + 0 × 2 + 100 × 2) / 8 = 50
    const run = buildRun({
      jobs: [{ submit: 0, end: 10, maps: [1, 1, 1] }],
      attempts: [
        { job: 0, task: 0, start: 0, end: 4, locality: 'node' },
        { job: 0, task: 1, start: 0, end: 6, locality: 'off' },
        { job: 0, task: 2, start: 8, end: 10, locality: 'node' },
      ],
    });
    expect(localityOf(run)).toBeCloseTo(50, 12);
  });

  it('counts failed and killed maps while they run, and leaves out reduces, maps without input and time outside the span', () => {
    // span [2, 12] (job 1 ends at 12; job 0 is unfinished). [2, 5): failed remote map → 0 %;
    // [5, 7): killed local map → 100 %; the reduce and the input-less map do not count; the local map of
    // the unfinished job runs [11, 14): 100 % over [11, 12], cut at the span's end.
    // (0 × 3 + 100 × 2 + 100 × 1) / 6 = 50
    const run = buildRun({
      jobs: [
        { submit: 2, maps: [1, 1] },
        { submit: 2, end: 12, maps: [1, 1], reduces: [1] },
      ],
      attempts: [
        { job: 1, task: 0, start: 2, end: 5, locality: 'rack', status: 'failed' },
        { job: 1, task: 0, attempt: 1, start: 5, end: 7, locality: 'node', status: 'killed' },
        { job: 1, task: 1, start: 3, end: 9, locality: 'none' },
        { job: 1, kind: 'reduce', start: 7, end: 12 },
        { job: 0, task: 0, start: 11, end: 14, locality: 'node' },
      ],
    });
    expect(localityOf(run)).toBeCloseTo(50, 12);
  });

  it('is null without a map reading input during the span, or without a span', () => {
    expect(localityOf(buildRun({ jobs: [{ submit: 0, end: 5, maps: [1] }], attempts: [{ job: 0, start: 0, end: 5, locality: 'none' }] }))).toBeNull();
    expect(localityOf(buildRun({ jobs: [{ submit: 0 }] }))).toBeNull();
  });

  it('equals Locality(t) evaluated at the middle of every interval between events, on random runs', () => {
    fc.assert(
      fc.property(arbitraryRun, (run) => {
        const span = runSpan(run);
        const { attempts } = run;
        const counted = Array.from({ length: attempts.count }, (_, i) => i).filter((i) => attempts.kind[i] === KIND_MAP && attempts.locality[i] !== LOCALITY_NONE);
        const end = (i: number) => attemptEnd(attempts, i, run.endTime);
        let busy = 0;
        let sum = 0;
        if (span !== null) {
          const times = [...new Set([span.start, span.end, ...counted.flatMap((i) => [attempts.start[i], end(i)])])]
            .filter((t) => t >= span.start && t <= span.end)
            .sort((a, b) => a - b);
          for (let k = 0; k + 1 < times.length; k++) {
            const t = (times[k] + times[k + 1]) / 2;
            const running = counted.filter((i) => attempts.start[i] <= t && t < end(i));
            if (running.length === 0) continue;
            const local = running.filter((i) => attempts.locality[i] === LOCALITY_NODE).length;
            busy += times[k + 1] - times[k];
            sum += ((100 * local) / running.length) * (times[k + 1] - times[k]);
          }
        }
        const got = localityOf(run);
        if (busy === 0) expect(got).toBeNull();
        else expect(got).toBeCloseTo(sum / busy, 9);
      }),
      { numRuns: 400 },
    );
  });
});
