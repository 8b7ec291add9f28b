/**
 * Random small run records for property tests: a few nodes, users, jobs and
 * attempts on integer times (so events often tie). Attempts are not checked
 * against slots; some are still running when the run stops (no end).
 */
import fc from 'fast-check';
import { ATTEMPT_STATUSES, LOCALITIES, type RunRecord } from '../../model/index.js';
import { buildRun, type AttemptRow } from './run-builder.js';

export const arbitraryRun: fc.Arbitrary<RunRecord> = fc
  .record({
    nodes: fc.array(
      fc.record({ mapSlots: fc.integer({ min: 0, max: 3 }), reduceSlots: fc.integer({ min: 0, max: 2 }), unified: fc.boolean() }),
      { minLength: 1, maxLength: 3 },
    ),
    users: fc.array(
      fc.record({
        priority: fc.integer({ min: 1, max: 3 }),
        map: fc.constantFrom(0, 1, 2, 3, 1.5),
        reduce: fc.integer({ min: 0, max: 2 }),
      }),
      { maxLength: 3 },
    ),
    jobs: fc.array(
      fc.record({
        user: fc.constantFrom('u0', 'u1', 'u2', 'x'),
        submit: fc.integer({ min: 0, max: 10 }),
        length: fc.option(fc.integer({ min: 0, max: 20 })),
        failed: fc.boolean(),
        weight: fc.integer({ min: 1, max: 5 }),
        maps: fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 3 }),
        reduces: fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 2 }),
      }),
      { minLength: 1, maxLength: 4 },
    ),
    attempts: fc.array(
      fc.record({
        job: fc.nat(),
        reduce: fc.boolean(),
        task: fc.nat(),
        node: fc.nat(),
        start: fc.integer({ min: 0, max: 30 }),
        length: fc.integer({ min: 0, max: 10 }),
        status: fc.constantFrom(...ATTEMPT_STATUSES),
        locality: fc.constantFrom(...LOCALITIES),
        bytes: fc.integer({ min: 0, max: 100 }),
        stillRunning: fc.integer({ min: 0, max: 9 }).map((k) => k === 0),
      }),
      { maxLength: 16 },
    ),
    failures: fc.array(fc.record({ node: fc.nat(), at: fc.integer({ min: 0, max: 30 }) }), { maxLength: 2 }),
    launchOrder: fc.boolean(),
  })
  .map(({ nodes, users, jobs, attempts, failures, launchOrder }) => {
    const rows: AttemptRow[] = [];
    for (const a of attempts) {
      const j = a.job % jobs.length;
      const tasks = a.reduce ? jobs[j].reduces.length : jobs[j].maps.length;
      if (tasks === 0) continue;
      rows.push({
        job: j,
        kind: a.reduce ? 'reduce' : 'map',
        task: a.task % tasks,
        node: a.node % nodes.length,
        start: a.start,
        end: a.stillRunning ? NaN : a.start + a.length,
        status: a.status,
        locality: a.reduce ? 'none' : a.locality,
        bytesIn: a.bytes,
        networkBytes: a.locality === 'node' ? 0 : a.bytes,
        byteHops: a.locality === 'node' ? 0 : 2 * a.bytes,
      });
    }
    // Real tables are in launch order; half the cases keep the generated order to test unsorted input.
    if (launchOrder) rows.sort((x, y) => x.start - y.start);
    return buildRun({
      nodes: nodes.map((n) =>
        n.unified ? { containers: n.mapSlots + n.reduceSlots } : { mapSlots: n.mapSlots, reduceSlots: n.reduceSlots },
      ),
      failures: failures.map((f) => ({ node: f.node % nodes.length, at: f.at, recoverAt: null })),
      users: users.map((u, k) => ({ id: `u${k}`, priority: u.priority, minShare: { map: u.map, reduce: u.reduce } })),
      jobs: jobs.map((j) => ({
        user: j.user,
        submit: j.submit,
        weight: j.weight,
        end: j.length === null ? null : j.submit + j.length,
        status: j.length === null ? 'unfinished' : j.failed ? 'failed' : 'succeeded',
        maps: j.maps,
        reduces: j.reduces,
      })),
      attempts: rows,
    });
  });
