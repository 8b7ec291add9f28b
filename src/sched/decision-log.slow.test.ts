import { describe, expect, it } from 'vitest';
import { runScenario } from '../experiment/run-scenario.js';
import { DEFAULT_SCENARIO_PATH, loadScenario } from '../input/load-scenario.js';
import { TASK_KINDS, type RunRecord } from '../model/run-record.js';
import type { LaunchDecision } from './decision-log.js';

const scenario = loadScenario(DEFAULT_SCENARIO_PATH, { seed: 3 });

function explained(scheduler: string): { run: RunRecord; decisions: LaunchDecision[] } {
  const decisions: LaunchDecision[] = [];
  const { run } = runScenario(scenario, scheduler, { explain: (d) => decisions.push(d) });
  return { run, decisions };
}

describe('the decision log', () => {
  it('records every launch, in launch order, as the run’s attempt rows', () => {
    const { run, decisions } = explained('fair');
    const a = run.attempts;
    expect(decisions).toHaveLength(a.count);
    decisions.forEach((d, i) => {
      expect(d.launch).toBe(i);
      expect([d.job, d.kind, d.task, d.node, d.time]).toEqual([run.jobs[a.job[i]].id, TASK_KINDS[a.kind[i]], a.task[i], run.scenario.cluster.nodes[a.node[i]].id, a.start[i]]);
    });
  });

  it('changes nothing in the run', () => {
    const plain = runScenario(scenario, 'fair').run;
    const { run } = explained('fair');
    expect(run.attempts).toEqual(plain.attempts);
    expect(run.jobs).toEqual(plain.jobs);
  });

  it('gives the Fair Scheduler’s reasons: the pool against its shares, the locality delay scheduling allowed', () => {
    const { decisions } = explained('fair');
    const map = decisions.find((d) => d.kind === 'map')!;
    expect(map.scheduler).toBe('fair');
    expect(map.order).toMatch(/^pool \S+ first in fair-share order that could use the slot: \d+ running maps, /);
    expect(map.placement).toMatch(/^delay scheduling allowed (node-local maps only|rack-local maps|any map) after the job waited \d+\.\d s/);
    expect(map.locality).toMatch(/^(node|rack|off)$/);
    const reduce = decisions.find((d) => d.kind === 'reduce')!;
    expect(reduce.placement).toMatch(/^the first free reduce slot offered to the job, past slow-start \(\d+ of \d+ maps done\)/);
  });

  it('gives the Capacity Scheduler’s queue against its guarantee, and fifo’s place in the queue', () => {
    expect(explained('capacity').decisions[0].order).toMatch(/^queue \S+ the most under-served with a job that could run: \d+ of \d+ guaranteed map slots used/);
    const fifo = explained('fifo').decisions[0];
    expect(fifo.order).toMatch(/^first job with a map to run in the queue, by priority then submit time: 0 jobs ahead/);
    expect(fifo.placement).toMatch(/most local pending map/);
  });

  it('says when a placement launched a task it had planned, with no job order asked', () => {
    const planned = explained('flow').decisions.filter((d) => d.order === null);
    expect(planned.length).toBeGreaterThan(0);
    expect(planned[0].placement).toMatch(/^planned on this node by the flow-based assignment/);
  });
});
