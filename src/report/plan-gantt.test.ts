import { describe, expect, it } from 'vitest';
import { planBalancedPools } from '../planners/makespan/balanced-pools.js';
import { planOptimal } from '../planners/makespan/optimal.js';
import { planUaas } from '../planners/makespan/uaas.js';
import { FIVE_JOBS, TWO_JOBS } from '../planners/makespan/test-support/paper-examples.js';
import { renderPlanGantt } from './plan-gantt.js';

const height = (svg: string) => Number(/viewBox="0 0 [\d.]+ ([\d.]+)"/.exec(svg)![1]);
const blocks = (svg: string) => svg.match(/<rect [^>]*><title>[^<]*<\/title><\/rect>/g) ?? [];

describe('renderPlanGantt', () => {
  it('draws one block per stage on two bands, each as tall as its slots', () => {
    const svg = renderPlanGantt(planUaas(FIVE_JOBS));
    expect(blocks(svg)).toHaveLength(10);
    expect(svg).toMatch(/map slots \(30\)/);
    expect(svg).toMatch(/reduce slots \(30\)/);
    expect(svg).toMatch(/<title id="plan-gantt-title">uaas plan: makespan 35\.67<\/title>/);
  });

  it('gives each BalancedPools pool its own two bands, sized by its slots', () => {
    const svg = renderPlanGantt(planBalancedPools(FIVE_JOBS));
    for (const band of ['pool 1 map slots (20)', 'pool 1 reduce slots (20)', 'pool 2 map slots (10)', 'pool 2 reduce slots (10)']) {
      expect(svg).toContain(band);
    }
  });

  it('draws tasks on their slots at task level, a wave of equal tasks as one block', () => {
    // J2 then J1 on 10 slots: J2's 8 maps (one block), J1's maps in three groups (0–9, 9–18, 11–20), two reduces.
    const svg = renderPlanGantt(planOptimal(TWO_JOBS, 'tasks'));
    expect(blocks(svg).filter((b) => b.includes('J1 map'))).toHaveLength(3);
    expect(blocks(svg).filter((b) => b.includes('J2 map'))).toHaveLength(1);
  });

  it('keeps the chart a few hundred pixels tall however many slots the cluster has', () => {
    const huge = { ...TWO_JOBS, cluster: { mapSlots: 10_000_000, reduceSlots: 10_000_000 } };
    expect(height(renderPlanGantt(planUaas(huge)))).toBeLessThan(500);
  });

  it('draws the first jobs only of a very long order, and says so', () => {
    const many = {
      cluster: { mapSlots: 4, reduceSlots: 4 },
      jobs: Array.from({ length: 50 }, (_, i) => ({ id: `J${i}`, mapSlots: 4, reduceSlots: 4, mapDuration: 1 + (i % 7), reduceDuration: 1 + (i % 5) })),
    };
    const svg = renderPlanGantt(planUaas(many), { maxJobs: 20 });
    expect(blocks(svg)).toHaveLength(40);
    expect(svg).toMatch(/first 20 jobs of the order drawn, 30 more not drawn/);
  });
});
