import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { RunRecord } from '../model/index.js';
import { attemptEnds } from './attempt-end.js';
import { utilizationMetrics } from './utilization.js';
import { runSpan } from './span.js';
import { buildRun, type AttemptRow } from './test-support/run-builder.js';
import { parseScenarioText } from '../input/load-scenario.js';
import { createScheduler, fifoScheduler } from '../sched/index.js';
import { simulate } from '../sim/simulate.js';

function utilizationOf(run: RunRecord) {
  return utilizationMetrics(run, runSpan(run), attemptEnds(run));
}

describe('utilizationMetrics', () => {
  it('is busy slot-seconds over slots × span, per kind', () => {
    // 2 nodes × (2 map + 1 reduce slots): 4 map slots, 2 reduce slots; span [0, 10] → 40 and 20 slot-seconds.
    // maps busy 10 + 6 + 4 (failed still holds its slot) = 20 → 50 %; reduces busy 5 → 25 %
    const run = buildRun({
      nodes: [
        { mapSlots: 2, reduceSlots: 1 },
        { mapSlots: 2, reduceSlots: 1 },
      ],
      jobs: [{ submit: 0, end: 10 }],
      attempts: [
        { job: 0, start: 0, end: 10 },
        { job: 0, task: 1, node: 1, start: 0, end: 6 },
        { job: 0, task: 2, node: 1, start: 6, end: 10, status: 'failed' },
        { job: 0, kind: 'reduce', start: 5, end: 10 },
      ],
    });
    expect(utilizationOf(run)).toEqual({
      mapSlotUtilization: 50,
      reduceSlotUtilization: 25,
      memoryUtilization: null,
      vcoreUtilization: null,
    });
  });

  it("counts an ApplicationMaster's container as busy (YARN mode), clipped to the span and to the run's end", () => {
    // One node of 4 containers, span [0, 10]: 40 container-seconds. A map 0→10 (10), the job's AM 0→10 (10),
    // another AM from 6 still held when the run stopped at 10 (4): 24 busy → 60 % in both figures.
    const run: RunRecord = {
      ...buildRun({ nodes: [{ containers: 4 }], jobs: [{ submit: 0, end: 10 }, { submit: 5 }], attempts: [{ job: 0, start: 0, end: 10 }] }),
      applicationMasters: [
        { job: 0, node: 0, start: 0, end: 10 },
        { job: 1, node: 0, start: 6, end: null },
      ],
    };
    expect(utilizationOf(run)).toMatchObject({ mapSlotUtilization: 60, reduceSlotUtilization: 60 });
  });

  it('clips attempts to the span', () => {
    // span [2, 6] (the unfinished job does not stretch it); 1 map slot; attempt [0, 9] is busy 4 of 4 → 100 %
    const run = buildRun({
      jobs: [{ submit: 2, end: 6 }, { submit: 0 }],
      attempts: [{ job: 1, start: 0, end: 9 }],
    });
    expect(utilizationOf(run).mapSlotUtilization).toBe(100);
  });

  it('counts an attempt still running when the run stopped as busy until the run end', () => {
    // span [0, 10]; the unfinished job's attempt has no end (NaN) and the run ended at 8: busy 8 − 4 = 4 of 10 → 40 %
    const built = buildRun({
      jobs: [{ submit: 0, end: 10 }, { submit: 1 }],
      attempts: [{ job: 1, start: 4, end: NaN }],
    });
    const run = { ...built, endTime: 8 };
    expect(utilizationOf(run).mapSlotUtilization).toBe(40);
  });

  it('reports unified containers as one utilization in both figures', () => {
    // one node with 4 containers, span [0, 10] → 40 container-seconds; map 10 + map 10 + reduce 5 = 25 → 62.5 %
    const run = buildRun({
      nodes: [{ containers: 4 }],
      jobs: [{ submit: 0, end: 10 }],
      attempts: [
        { job: 0, start: 0, end: 10 },
        { job: 0, task: 1, start: 0, end: 10 },
        { job: 0, kind: 'reduce', start: 5, end: 10 },
      ],
    });
    expect(utilizationOf(run)).toEqual({
      mapSlotUtilization: 62.5,
      reduceSlotUtilization: 62.5,
      memoryUtilization: null,
      vcoreUtilization: null,
    });
  });

  it('is null without a span of positive length or without slots of the kind', () => {
    const empty = buildRun({ jobs: [{ submit: 3, end: 3 }] });
    expect(utilizationOf(empty)).toEqual({
      mapSlotUtilization: null,
      reduceSlotUtilization: null,
      memoryUtilization: null,
      vcoreUtilization: null,
    });
    const noReduce = buildRun({ nodes: [{ mapSlots: 1, reduceSlots: 0 }], jobs: [{ submit: 0, end: 1 }] });
    expect(utilizationOf(noReduce)).toEqual({
      mapSlotUtilization: 0,
      reduceSlotUtilization: null,
      memoryUtilization: null,
      vcoreUtilization: null,
    });
  });

  it('stays in [0, 100] when attempts never overlap beyond the slots', () => {
    // Each slot runs a sequence of back-to-back or gapped attempts, so no slot is over-booked.
    const slotRun = fc.array(fc.record({ gap: fc.integer({ min: 0, max: 5 }), length: fc.integer({ min: 0, max: 9 }) }), {
      maxLength: 6,
    });
    const node = fc.record({
      mapSlots: fc.integer({ min: 0, max: 3 }),
      reduceSlots: fc.integer({ min: 0, max: 2 }),
      unified: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.array(node, { minLength: 1, maxLength: 3 }),
        fc.array(fc.array(slotRun, { maxLength: 5 }), { maxLength: 3 }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 1, max: 60 }),
        (nodes, plans, spanStart, spanLength) => {
          const attempts: AttemptRow[] = [];
          nodes.forEach((n, ni) => {
            const slots = n.mapSlots + n.reduceSlots; // a unified node gets this many containers
            for (let s = 0; s < slots; s++) {
              const kind = n.unified ? (s % 2 === 0 ? 'map' : 'reduce') : s < n.mapSlots ? 'map' : 'reduce';
              let t = 0;
              for (const a of plans[ni]?.[s] ?? []) {
                t += a.gap;
                attempts.push({ job: 0, kind, node: ni, start: t, end: t + a.length });
                t += a.length;
              }
            }
          });
          const run = buildRun({
            nodes: nodes.map((n) =>
              n.unified ? { containers: n.mapSlots + n.reduceSlots } : { mapSlots: n.mapSlots, reduceSlots: n.reduceSlots },
            ),
            jobs: [{ submit: spanStart, end: spanStart + spanLength }],
            attempts,
          });
          const m = utilizationOf(run);
          for (const u of [m.mapSlotUtilization, m.reduceSlotUtilization]) {
            if (u === null) continue;
            expect(u).toBeGreaterThanOrEqual(0);
            expect(u).toBeLessThanOrEqual(100 + 1e-10);
          }
        },
      ),
    );
  });

  it('weighs each container by its memory and vcores on a resource cluster, the AM included', () => {
    // One node of 4 GB and 4 vcores, heartbeats every second from 0. The AM (1 GB, 1 vcore) starts at 0; the map
    // (3 GB, 1 vcore, 10 s) at the next heartbeat, 1 → 11; the AM ends with the job at 11. Span [0, 11]:
    // memory 11 × 1 + 10 × 3 = 41 GB·s of 44 (93.18 %), vcores 11 + 10 = 21 of 44 (47.73 %); one container slot of
    // the minimum allocation (1 GB, 1 vcore) per GB: 4 slots, 21 busy slot-seconds of 44.
    const scenario = parseScenarioText(
      `
cluster: { racks: [{ id: r1, nodes: [{ id: n, memory: 4 GB, vcores: 4 }] }] }
jobs: [{ id: j, maps: 1, mapTime: 10 s, mapContainer: { memory: 3 GB, vcores: 1 } }]
settings: { yarn: { amContainer: { memory: 1 GB, vcores: 1 }, maxAmShare: 1 } }
`,
      'one-node.yaml',
    );
    const run = simulate(scenario, createScheduler(fifoScheduler, scenario), { alignHeartbeats: true });
    const found = utilizationOf(run);
    expect(found.memoryUtilization).toBeCloseTo((100 * 41) / 44, 9);
    expect(found.vcoreUtilization).toBeCloseTo((100 * 21) / 44, 9);
    expect(found.mapSlotUtilization).toBeCloseTo((100 * 21) / 44, 9);
  });
});
