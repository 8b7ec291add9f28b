import { beforeAll, describe, expect, it } from 'vitest';
import { loadLinearSolver, type LinearSolver } from '../solvers/linear-program.js';
import { planDmrsSchedule } from '../planners/dmrs/planners.js';
import { WORKED_INSTANCE } from '../planners/dmrs/test-support/worked-instance.js';
import { renderDmrsGantt } from './dmrs-gantt.js';

let solver: LinearSolver;
beforeAll(async () => {
  solver = await loadLinearSolver();
});

const blocks = (svg: string) => svg.match(/<rect [^>]*><title>[^<]*<\/title><\/rect>/g) ?? [];

describe('renderDmrsGantt', () => {
  it('draws one row per machine and one block per task, reduces lighter', () => {
    const plan = planDmrsSchedule(solver, WORKED_INSTANCE, 'dmrs');
    const svg = renderDmrsGantt(plan, WORKED_INSTANCE);
    expect(blocks(svg)).toHaveLength(10);
    expect(blocks(svg).filter((b) => b.includes('fill-opacity'))).toHaveLength(4);
    expect(svg).toContain('m1 (speed 2)');
    expect(svg).toContain('m2 (speed 1)');
    expect(svg).toMatch(/<title>J1 reduce 0: 8–9\.50 on m1<\/title>/);
    expect(svg).toMatch(/dmrs: 3 jobs on 2 machines, Σ w·C 22\.50/);
  });

  it('draws the first machines only of a large cluster, and says so', () => {
    const plan = planDmrsSchedule(solver, WORKED_INSTANCE, 'fifo');
    const svg = renderDmrsGantt(plan, WORKED_INSTANCE, { maxMachines: 1 });
    expect(blocks(svg)).toHaveLength(7);
    expect(svg).toMatch(/first 1 machines drawn, 1 more not drawn/);
  });
});
