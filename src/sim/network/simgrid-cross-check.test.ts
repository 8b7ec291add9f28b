/**
 * The flow-level network model against a real peer: SimGrid (Debian's
 * python3-simgrid, through scripts/simgrid-check.py) runs the same transfers
 * on the same resources, and every completion time must agree within 1%.
 * Skipped, saying why, where SimGrid is not installed.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Random } from '../../util/random.js';
import { testScenario, type TestNode } from '../../test-support/scenario.js';
import { TreeNetwork } from './network.js';
import { MAX_ROUTE } from './max-min-sharing.js';
import { Transfers } from './transfers.js';

const SCRIPT = fileURLToPath(new URL('../../../scripts/simgrid-check.py', import.meta.url));
// Debian builds python3-simgrid for its own interpreter, which may not be the first python3 on the PATH.
const PYTHON = '/usr/bin/python3';
const probe = spawnSync(PYTHON, ['-c', 'import simgrid'], { encoding: 'utf8' });
const missing = probe.error !== undefined ? `${PYTHON} cannot run (${probe.error.message})` : probe.status !== 0 ? `${PYTHON} has no simgrid module (apt-get install python3-simgrid)` : null;
if (missing !== null) process.stdout.write(`SimGrid cross-check skipped: ${missing}\n`);

interface Transfer {
  readonly resources: number[];
  readonly bytes: number;
  readonly start: number;
  readonly bound: number | null;
}

/** A random cluster (2–3 racks of 2–4 nodes, disks and links of a few speeds, narrow rack uplinks) and its resources. */
function platform(random: Random): { network: TreeNetwork; nodes: number } {
  const nodes: TestNode[] = [];
  const racks = random.int(2, 3);
  for (let r = 0; r < racks; r++) {
    for (let n = random.int(2, 4); n > 0; n--) {
      nodes.push({ rack: `r${r}`, diskReadRate: random.pick([60, 100, 150]), uplinkBandwidth: random.pick([80, 125]) });
    }
  }
  const scenario = testScenario({ nodes, jobs: [] });
  // Rack uplinks of 150–250 B/s: a few transfers across racks fill them.
  const switches = scenario.cluster.switches.map((s) => (s.parent === null ? s : { ...s, uplinkBandwidth: random.pick([150, 250]) }));
  return { network: new TreeNetwork({ ...scenario.cluster, switches }), nodes: nodes.length };
}

/** Transfers that start at different times, several from one hot node, some bounded, some local (disk only). */
function transfers(random: Random, network: TreeNetwork, nodes: number): Transfer[] {
  const hot = random.int(0, nodes - 1);
  const route = new Int32Array(MAX_ROUTE);
  return Array.from({ length: random.int(8, 24) }, () => {
    const from = random.next() < 0.35 ? hot : random.int(0, nodes - 1);
    const to = random.next() < 0.15 ? from : random.int(0, nodes - 1);
    const length = network.route(from, to, route);
    return {
      resources: Array.from(route.subarray(0, length)),
      bytes: random.int(100, 5000),
      start: Math.round(random.next() * 3000) / 100,
      bound: random.next() < 0.2 ? random.pick([20, 45]) : null,
    };
  });
}

/** Completion times by mrsched's model: each transfer a flow from its start until its bytes are moved. */
function ourTimes(capacities: Float64Array, list: readonly Transfer[]): number[] {
  const transfers = new Transfers(capacities);
  const done = new Array<number>(list.length).fill(NaN);
  const slotOf = new Map<number, number>();
  const starts = list.map((_, k) => k).sort((a, b) => list[a].start - list[b].start || a - b);
  let next = 0;
  while (next < starts.length || slotOf.size > 0) {
    let ending = -1;
    let endAt = Infinity;
    for (const [k, slot] of slotOf) {
      if (transfers.endTime(slot) < endAt) {
        endAt = transfers.endTime(slot);
        ending = k;
      }
    }
    const startAt = next < starts.length ? list[starts[next]].start : Infinity;
    if (startAt <= endAt) {
      const t = list[starts[next++]];
      slotOf.set(starts[next - 1], transfers.start(startAt, t.bytes, t.resources, null, t.bound ?? Infinity));
    } else {
      transfers.stop(endAt, slotOf.get(ending)!);
      slotOf.delete(ending);
      done[ending] = endAt;
    }
  }
  return done;
}

describe.skipIf(missing !== null)('the network model against SimGrid', () => {
  it('finishes every transfer within 1% of SimGrid on random platforms and transfer sets', () => {
    // Twenty cases, each on its own platform; SimGrid runs them side by side in one simulation (their
    // resources apart), as it cannot start twice in one process.
    const random = new Random(2026);
    const capacities: number[] = [];
    const all: Transfer[] = [];
    const ours: number[] = [];
    for (let c = 0; c < 20; c++) {
      const { network, nodes } = platform(random);
      const list = transfers(random, network, nodes);
      ours.push(...ourTimes(network.capacities, list));
      const offset = capacities.length;
      for (const cap of network.capacities) capacities.push(Number.isFinite(cap) ? cap : 1e12);
      all.push(...list.map((t) => ({ ...t, resources: t.resources.map((r) => r + offset) })));
    }
    const input = JSON.stringify({ capacities, transfers: all });
    const theirs = JSON.parse(execFileSync(PYTHON, [SCRIPT], { input, encoding: 'utf8', stdio: ['pipe', 'pipe', 'ignore'] })) as number[];
    expect(theirs).toHaveLength(ours.length);
    expect(ours.length).toBeGreaterThan(200);
    ours.forEach((time, k) => {
      expect(Math.abs(time - theirs[k]) / theirs[k], `transfer ${k}: ours ${time}, SimGrid ${theirs[k]}`).toBeLessThan(0.01);
    });
  });
});
