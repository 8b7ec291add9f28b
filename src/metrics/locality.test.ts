import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ATTEMPT_STATUSES, LOCALITIES } from '../model/index.js';
import { localityMetrics } from './locality.js';
import { attemptTable, type AttemptRow } from './test-support/run-builder.js';

describe('localityMetrics', () => {
  it('counts succeeded map attempts that read input, as percentages', () => {
    const rows: AttemptRow[] = [
      { job: 0, start: 0, end: 1, locality: 'node' },
      { job: 0, start: 0, end: 1, locality: 'node' },
      { job: 0, start: 0, end: 1, locality: 'node' },
      { job: 0, start: 0, end: 1, locality: 'rack' },
      { job: 0, start: 0, end: 1, locality: 'off', status: 'failed' }, // not succeeded
      { job: 0, start: 0, end: 1, locality: 'off', status: 'killed' }, // not succeeded
      { job: 0, start: 0, end: 1, locality: 'none' }, // read no input
      { job: 0, start: 0, end: 1, kind: 'reduce', locality: 'off' }, // not a map
    ];
    // 3 node + 1 rack + 0 off = 4 counted: 75%, 25%, 0%
    expect(localityMetrics(attemptTable(rows))).toEqual({ mapNodeLocal: 75, mapRackLocal: 25, mapOffRack: 0 });
  });

  it('is null when no succeeded map read input', () => {
    const rows: AttemptRow[] = [{ job: 0, start: 0, end: 1, locality: 'none' }];
    expect(localityMetrics(attemptTable(rows))).toEqual({ mapNodeLocal: null, mapRackLocal: null, mapOffRack: null });
  });

  it('the three fractions sum to 100 on random attempts', () => {
    const row = fc.record({
      kind: fc.constantFrom('map' as const, 'reduce' as const),
      status: fc.constantFrom(...ATTEMPT_STATUSES),
      locality: fc.constantFrom(...LOCALITIES),
    });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 60 }), (rows) => {
        const m = localityMetrics(attemptTable(rows.map((r) => ({ ...r, job: 0, start: 0, end: 1 }))));
        if (m.mapNodeLocal === null) return;
        expect((m.mapNodeLocal as number) + (m.mapRackLocal as number) + (m.mapOffRack as number)).toBeCloseTo(100, 9);
      }),
    );
  });
});
