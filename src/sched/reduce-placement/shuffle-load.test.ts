import { describe, expect, it } from 'vitest';
import { clusterTopology } from '../../planners/reduce-placement/index.js';
import { testScenario } from '../../test-support/scenario.js';
import type { ClusterView, JobView, RunningAttemptView } from '../types.js';
import { ShuffleLoad } from './shuffle-load.js';

// Racks r1 (n0, n1) and r2 (n2) under the root: the tree's vertices are the switches (root, r1, r2), then the nodes.
const cluster = testScenario({ nodes: [{ rack: 'r1' }, { rack: 'r1' }, { rack: 'r2' }], jobs: [] }).cluster;
const tree = clusterTopology(cluster, 'hops');
const firstNode = cluster.switches.length;

/** A view with one job whose running reduces are `reduces` (node, progress). */
function viewWith(reduces: [number, number][]): Pick<ClusterView, 'activeJobs' | 'runningAttempts'> {
  const job = { runningReduces: reduces.length } as JobView;
  const attempts: RunningAttemptView[] = reduces.map(([node, progress], task) => ({ task, node, start: 0, progress }));
  return { activeJobs: [job], runningAttempts: () => attempts };
}

/** The weight of the link into each rack switch and node, by id. */
function weightsOf(load: ShuffleLoad, view: Pick<ClusterView, 'activeJobs' | 'runningAttempts'>): Record<string, number> {
  const weights = load.downWeights(view);
  return Object.fromEntries(tree.vertices.map((id, v) => [id, weights[v]]).filter(([, w]) => w !== 0));
}

describe('ShuffleLoad', () => {
  it("weighs a link into a node or rack one more for each reduce copying below it, not for one past its copy", () => {
    const load = new ShuffleLoad(tree, firstNode);
    // Two reduces copying on n0 (progress under a third), one sorting on n1, one copying on n2.
    const view = viewWith([
      [0, 0],
      [0, 0.2],
      [1, 0.5],
      [2, 0.1],
    ]);
    const ids = cluster.nodes.map((node) => node.id);
    expect(weightsOf(load, view)).toEqual({ r1: 3, r2: 2, [ids[0]]: 3, [ids[1]]: 1, [ids[2]]: 2 });
  });

  it('counts again only after a change', () => {
    const load = new ShuffleLoad(tree, firstNode);
    const first = weightsOf(load, viewWith([[0, 0]]));
    expect(weightsOf(load, viewWith([]))).toEqual(first);
    load.changed();
    expect(Object.values(weightsOf(load, viewWith([])))).toEqual([1, 1, 1, 1, 1]);
  });
});
