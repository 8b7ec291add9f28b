import { describe, expect, it } from 'vitest';
import { resolveScenario } from './resolve-scenario.js';
import { base, MiB, problems } from '../test-support/scenario-files.js';
import type { ScenarioFile } from './scenario-file.js';

const GiB = 1024 * MiB;

/** Two resource nodes in YARN mode, and what a test adds. */
function resourceFile(extra: Partial<ScenarioFile> = {}, yarn: NonNullable<NonNullable<ScenarioFile['settings']>['yarn']> = {}): ScenarioFile {
  return base({
    cluster: { racks: [{ id: 'r1', nodes: [{ id: 'big', memory: '20 GB', vcores: 11 }, { id: 'small', memory: '2 GB', vcores: 2 }] }] },
    settings: { yarn },
    ...extra,
  });
}

describe('a resource cluster (nodes with memory and vcores, YARN mode)', () => {
  it('counts each node in containers of the minimum allocation, the fewer of its memory and vcores give', () => {
    const { cluster } = resolveScenario(resourceFile(), 'code');
    expect(cluster.nodes.map((n) => [n.slotModel, n.memory / GiB, n.vcores, n.mapSlots, n.reduceSlots, n.totalSlots])).toEqual([
      ['resources', 20, 11, 11, 11, 11],
      ['resources', 2, 2, 2, 2, 2],
    ]);
    const coarse = resolveScenario(resourceFile({}, { minimumAllocation: { memory: '4 GB', vcores: 1 } }), 'code').cluster;
    expect(coarse.nodes.map((n) => n.totalSlots)).toEqual([5, 0]);
  });

  it("takes YARN's node defaults (8192 MB, 8 vcores) for the one a node leaves out", () => {
    const file = base({ cluster: { generate: { racks: 1, nodesPerRack: 2, memory: '16 GB' } }, settings: { yarn: {} } });
    expect(resolveScenario(file, 'code').cluster.nodes[0]).toMatchObject({ memory: 16 * GiB, vcores: 8, totalSlots: 8 });
    const byVcores = base({ cluster: { generate: { racks: 1, nodesPerRack: 2, vcores: 4 } }, settings: { yarn: {} } });
    expect(resolveScenario(byVcores, 'code').cluster.nodes[0]).toMatchObject({ memory: 8 * GiB, vcores: 4, totalSlots: 4 });
  });

  it("normalises each job's containers: raised to the minimum allocation, rounded up to the increment; settings.yarn's for jobs that set none", () => {
    const jobs = [
      { id: 'own', maps: 1, mapTime: 1, mapContainer: { memory: '1500 MB', vcores: 0 }, reduceContainer: { memory: '100 MB', vcores: 2 } },
      { id: 'defaults', maps: 1, mapTime: 1 },
    ];
    const scenario = resolveScenario(resourceFile({ jobs }, { mapContainer: { memory: '3 GB', vcores: 1 }, amContainer: { memory: '1 GB', vcores: 1 } }), 'code');
    expect(scenario.jobs.map((j) => [j.mapContainer, j.reduceContainer])).toEqual([
      [{ memory: 2 * GiB, vcores: 1 }, { memory: GiB, vcores: 2 }],
      [{ memory: 3 * GiB, vcores: 1 }, { memory: GiB, vcores: 1 }],
    ]);
    expect(scenario.settings.yarn).toMatchObject({ amContainer: { memory: GiB, vcores: 1 }, minimumAllocation: { memory: GiB, vcores: 1 } });
  });

  it('refuses a request above the maximum allocation, and one no node has room for, at the job', () => {
    const jobs = [
      { id: 'huge', maps: 1, mapTime: 1, mapContainer: { memory: '9 GB', vcores: 1 } },
      { id: 'wide', maps: 1, mapTime: 1, reduces: 1, reduceTime: 1, reduceContainer: { memory: '1 GB', vcores: 4 } },
    ];
    const roomy = resolveScenario(resourceFile({ jobs }, { maximumAllocation: { memory: '16 GB', vcores: 12 } }), 'code');
    expect(roomy.jobs.map((j) => [j.mapContainer, j.reduceContainer])).toEqual([
      [{ memory: 9 * GiB, vcores: 1 }, { memory: GiB, vcores: 1 }],
      [{ memory: GiB, vcores: 1 }, { memory: GiB, vcores: 4 }],
    ]);
    const tight = problems(resourceFile({ jobs }, { maximumAllocation: { memory: '8 GB', vcores: 3 } }));
    expect(tight.map((p) => [p.path, p.found])).toEqual([
      ['jobs[0].mapContainer', "9 GiB, 1 vcore for job 'huge'"],
      ['jobs[1].reduceContainer', "1 GiB, 4 vcores for job 'wide'"],
    ]);
    expect(tight[0].expected).toBe('a request within the maximum allocation (settings.yarn.maximumAllocation: 8 GiB, 3 vcores)');
    const nowhere = problems(resourceFile({ jobs: [{ id: 'big', maps: 1, mapTime: 1, mapContainer: { memory: '24 GB', vcores: 1 } }] }, { maximumAllocation: { memory: '32 GB', vcores: 4 } }));
    expect(nowhere.map((p) => [p.path, p.expected])).toEqual([['jobs[0].mapContainer', 'a container some node has room for']]);
  });

  it('refuses memory and vcores without YARN mode, beside slots, or mixed with slot nodes', () => {
    const noYarn = base({ cluster: { generate: { racks: 1, nodesPerRack: 2, memory: '8 GB' } } });
    expect(problems(noYarn).map((p) => [p.path, p.expected])).toEqual([['settings.yarn', "YARN mode (settings.yarn) for node 'rack1-n01' with memory and vcores"]]);
    const both = base({ cluster: { generate: { racks: 1, nodesPerRack: 2, memory: '8 GB', containers: 4 } }, settings: { yarn: {} } });
    expect(problems(both).map((p) => [p.path, p.found])).toEqual([['cluster.generate.memory', 'memory and containers']]);
    const mixed = base({ cluster: { racks: [{ id: 'r1', nodes: [{ id: 'a', memory: '8 GB' }, { id: 'b', containers: 4 }] }] }, settings: { yarn: {} } });
    expect(problems(mixed).map((p) => [p.path, p.found])).toEqual([['cluster', "node 'a' with them and node 'b' with slots"]]);
  });

  it('refuses allocation limits that contradict each other, and an AM no node has room for', () => {
    const inverted = problems(resourceFile({}, { minimumAllocation: { memory: '2 GB', vcores: 1 }, maximumAllocation: { memory: '1 GB', vcores: 4 } }));
    expect(inverted.map((p) => [p.path, p.found])).toEqual([['settings.yarn.maximumAllocation', '1 GiB, 4 vcores']]);
    const empty = problems(resourceFile({}, { minimumAllocation: { memory: '0 MB', vcores: 1 } }));
    expect(empty.map((p) => p.path)).toEqual(['settings.yarn.minimumAllocation']);
    const bigAm = problems(resourceFile({}, { amContainer: { memory: '30 GB', vcores: 1 }, maximumAllocation: { memory: '32 GB', vcores: 4 } }));
    expect(bigAm.map((p) => [p.path, p.expected])).toEqual([['settings.yarn.amContainer', 'a container some node has room for']]);
  });
});
