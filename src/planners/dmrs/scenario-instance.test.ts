import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { loadScenario } from '../../input/load-scenario.js';
import { scenarioInstance } from './scenario-instance.js';

const example = (name: string) => fileURLToPath(new URL(`../../../examples/${name}`, import.meta.url));

describe('a scenario as a DMRS instance', () => {
  it('makes one machine per container of the DMRS TeraSort example, at the node\'s speed, and keeps weights, submits and task work', () => {
    const scenario = loadScenario(example('dmrs-terasort.yaml'));
    const instance = scenarioInstance(scenario);
    expect(instance.machines).toEqual([
      ...['fast1', 'fast2', 'fast3', 'fast4'].map((id) => ({ id, speed: 2 })),
      ...['slow1', 'slow2', 'slow3', 'slow4'].map((id) => ({ id, speed: 1 })),
    ]);
    expect(instance.jobs).toHaveLength(18);
    scenario.jobs.forEach((job, j) => {
      expect(instance.jobs[j]).toEqual({
        id: job.id,
        weight: job.weight,
        release: job.submitTime,
        maps: Array.from(job.maps.work),
        reduces: job.reduces.map((r) => r.work),
      });
    });
    expect(instance.jobs.find((job) => job.id === 'g2-elephant-1')).toMatchObject({ weight: 5, release: 600 });
    expect(instance.jobs.find((job) => job.id === 'g2-elephant-1')!.maps).toHaveLength(32);
  });

  it('gives a node of split slots one machine per map and reduce slot, numbered', () => {
    // tiny.yaml: three nodes of 2 map + 1 reduce slots, node3 twice as fast.
    const instance = scenarioInstance(loadScenario(example('tiny.yaml')));
    expect(instance.machines.map((m) => `${m.id}:${m.speed}`)).toEqual([
      'node1/1:1',
      'node1/2:1',
      'node1/3:1',
      'node2/1:1',
      'node2/2:1',
      'node2/3:1',
      'node3/1:2',
      'node3/2:2',
      'node3/3:2',
    ]);
  });
});
