/**
 * The whole simulator against SimGrid. Each case is a small scenario run
 * through mrsched's entry point (`runScenario`, fifo, `network: 'max-min'`);
 * the transfers its attempts imply are rebuilt from the run record as plain
 * flows, and scripts/simgrid-cluster-check.py runs them in SimGrid on the
 * same platform, built there from the cluster's description (no code of
 * mrsched's network or shuffle is used on that side). Every attempt's
 * duration (end − start) must agree within 1%.
 *
 * The scenarios keep what Hadoop would do unambiguous and equal to plain
 * flows (`attemptsOf` checks it): compute work 0, so an attempt lasts its
 * read or its shuffle; slow-start 1, so a reduce copies everything at once
 * from its launch; at most `parallelCopies` source nodes per reduce, so its
 * fetcher threads fetch from every source at once; `parallelCopies` times the
 * slowest disk at least the reducer's link, so no per-reduce bound binds
 * that SimGrid lacks. A map's read is one flow from the replica it read (a
 * node-local one: the disk alone); a reduce's shuffle one flow per source
 * node, of its share of that node's map output of its job, and it ends with
 * its last flow; with `settings.writes`, a map that reads nothing writes its
 * output as one flow into its own disk, or a map-only job's map its job's
 * output through HDFS's pipeline: one flow through the writer's disk, each
 * further replica's links and disk in turn (the case names the replicas:
 * HDFS draws them). Flows start at the attempts' recorded starts.
 *
 * Where the tasks run is fifo's choice at aligned heartbeats (the scenarios'
 * slots leave it little); each case also checks SimGrid's durations against
 * its hand arithmetic, so a change of placement shows as such, not as a
 * disagreement of the models.
 *
 * Cases 3, 4 and 6b were 50%, 50% and 41% short while a job's output
 * disks were one pooled resource (a shuffle's fetches shared neither a disk
 * with other jobs' reads and fetches nor the source side's links); since a
 * batch moves as one part per source node they agree like the others.
 *
 * Skipped, saying why, where /usr/bin/python3 has no SimGrid.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { KIND_MAP, LOCALITY_NODE, STATUS_SUCCEEDED, type RunRecord } from '../model/run-record.js';
import type { Scenario } from '../model/scenario.js';
import { testScenario, type TestJob, type TestNode } from '../test-support/scenario.js';
import { runScenario } from './run-scenario.js';

const SCRIPT = fileURLToPath(new URL('../../scripts/simgrid-cluster-check.py', import.meta.url));
// Debian builds python3-simgrid for its own interpreter, which may not be the first python3 on the PATH.
const PYTHON = '/usr/bin/python3';
const probe = spawnSync(PYTHON, ['-c', 'import simgrid'], { encoding: 'utf8' });
const missing = probe.error !== undefined ? `${PYTHON} cannot run (${probe.error.message})` : probe.status !== 0 ? `${PYTHON} has no simgrid module (apt-get install python3-simgrid)` : null;
if (missing !== null) process.stdout.write(`Whole-simulator SimGrid cross-check skipped: ${missing}\n`);

const MB = 1e6;
/** Every node's disk and link unless a case says otherwise: 100 MB/s, 1 Gbps. */
const DISK = 100 * MB;
const LINK = 125 * MB;
/** A rack uplink too wide to matter. */
const WIDE = 1000 * MB;

interface Rack {
  readonly uplink: number;
  readonly nodes: readonly TestNode[];
}

/** Racks by name, their nodes numbered n0, n1, … in the order given; fifo, max-min, 5 parallel copies, 1 s heartbeats. */
function cluster(racks: Readonly<Record<string, Rack>>, jobs: readonly TestJob[]): Scenario {
  const nodes = Object.entries(racks).flatMap(([rack, { nodes }]) => nodes.map((node) => ({ diskReadRate: DISK, uplinkBandwidth: LINK, ...node, rack })));
  const scenario = testScenario({ nodes, jobs, settings: { network: 'max-min', parallelCopies: 5, slowStart: 1, heartbeatInterval: 1 } });
  const switches = scenario.cluster.switches.map((s) => (racks[s.id] === undefined ? s : { ...s, uplinkBandwidth: racks[s.id].uplink }));
  return { ...scenario, cluster: { ...scenario.cluster, switches } };
}

/** Node slots: one map slot and no reduce slot, or the reverse, or neither (a node that only stores). */
const MAPPER: TestNode = { mapSlots: 1, reduceSlots: 0 };
const REDUCER: TestNode = { mapSlots: 0, reduceSlots: 1 };
const STORE: TestNode = { mapSlots: 0, reduceSlots: 0 };

/** A map of no compute work: `input` MB read from the one replica on node `on` (or no input), `output` MB written. */
function map(output: number, input = 0, on = -1): { inputBytes: number; replicas: number[]; work: number; outputBytes: number } {
  return { inputBytes: input * MB, replicas: on < 0 ? [] : [on], work: 0, outputBytes: output * MB };
}

/** `count` reduces of no compute work, sharing the output evenly or by `shares`. */
function reduces(count: number, shares?: readonly number[]): { shuffleShare: number; work: number }[] {
  return Array.from({ length: count }, (_, k) => ({ shuffleShare: shares?.[k] ?? 1 / count, work: 0 }));
}

interface Flow {
  readonly from: string;
  readonly to: string;
  readonly bytes: number;
  readonly start: number;
  /** A pipeline write: the replicas after the writer, in order (`to` is the last). */
  readonly via?: readonly string[];
}

/** An attempt with its flows: `j0 reduce 1`, its start and its duration in mrsched. */
interface Attempt {
  readonly label: string;
  readonly start: number;
  readonly duration: number;
  readonly flows: readonly Flow[];
}

/**
 * The attempts of a run as plain flows, after checking that the run is one
 * whose transfers are unambiguous (the conditions above).
 */
function attemptsOf(run: RunRecord, pipelines: Readonly<Record<string, readonly string[]>>): Attempt[] {
  const { scenario, attempts: a } = run;
  const { nodes } = scenario.cluster;
  const { parallelCopies, writes } = scenario.settings;
  expect(run.stalled, 'the run stalled').toBe(false);
  for (const job of run.jobs) expect(job.status, `job ${job.id}`).toBe('succeeded');
  // Map output of each job by node: where its map ran.
  const output = scenario.jobs.map(() => new Array<number>(nodes.length).fill(0));
  for (let i = 0; i < a.count; i++) {
    expect(a.status[i], `attempt ${i} succeeded`).toBe(STATUS_SUCCEEDED);
    expect(a.attempt[i], `attempt ${i} is its task's first`).toBe(0);
    if (a.kind[i] === KIND_MAP) output[a.job[i]][a.node[i]] += scenario.jobs[a.job[i]].maps.outputBytes[a.task[i]];
  }
  const slowestDisk = Math.min(...nodes.map((n) => n.diskReadRate));
  const result: Attempt[] = [];
  for (let i = 0; i < a.count; i++) {
    const job = scenario.jobs[a.job[i]];
    const node = a.node[i];
    const to = nodes[node].id;
    const start = a.start[i];
    const flows: Flow[] = [];
    let label: string;
    if (a.kind[i] === KIND_MAP) {
      const task = a.task[i];
      label = `${job.id} map ${task}`;
      expect(job.maps.work[task], `${label}: no compute work`).toBe(0);
      const replicas = Array.from(job.maps.replicaNodes.subarray(job.maps.replicaStart[task], job.maps.replicaStart[task + 1]));
      const bytes = job.maps.inputBytes[task];
      if (a.locality[i] === LOCALITY_NODE) {
        expect(replicas, `${label}: read on its node`).toContain(node);
        flows.push({ from: to, to, bytes, start });
      } else if (replicas.length > 0) {
        expect(replicas, `${label}: one replica, so its source is known`).toHaveLength(1);
        flows.push({ from: nodes[replicas[0]].id, to, bytes, start });
      }
      const written = job.reduces.length > 0 ? (writes.mapOutput ? job.maps.outputBytes[task] : 0) : writes.jobOutput ? (job.outputBytes ?? 0) : 0;
      if (written > 0) {
        expect(flows, `${label}: a map that writes reads nothing, so its write starts as it does`).toHaveLength(0);
        expect(job.maps.length, `${label}: its job's only map, so it writes all the job's output`).toBe(job.reduces.length > 0 ? job.maps.length : 1);
        const via = job.reduces.length > 0 ? undefined : pipelines[label];
        expect(job.reduces.length > 0 || via !== undefined, `${label}: the case names its pipeline`).toBe(true);
        flows.push({ from: to, to: via === undefined ? to : via[via.length - 1], bytes: written, start, ...(via === undefined ? {} : { via }) });
      }
    } else {
      const reduce = job.reduces[a.task[i]];
      label = `${job.id} reduce ${a.task[i]}`;
      expect(reduce.work, `${label}: no compute work`).toBe(0);
      expect(writes.jobOutput && (job.outputBytes ?? 0) > 0, `${label}: writes nothing after its shuffle`).toBe(false);
      const mapsDone = run.jobs[a.job[i]].mapsDone;
      expect(mapsDone !== null && start >= mapsDone, `${label} launched after its job's maps (slow-start 1)`).toBe(true);
      const link = nodes[node].uplinkBandwidth;
      expect(parallelCopies * Math.min(slowestDisk, link), `${label}: its copies no narrower than its link`).toBeGreaterThanOrEqual(link);
      output[a.job[i]].forEach((bytes, source) => {
        if (bytes > 0) flows.push({ from: nodes[source].id, to, bytes: reduce.shuffleShare * bytes, start });
      });
      expect(flows.length, `${label}: at most parallelCopies sources`).toBeLessThanOrEqual(parallelCopies);
    }
    result.push({ label, start, duration: a.end[i] - start, flows });
  }
  return result;
}

interface Compared {
  readonly label: string;
  /** Duration in mrsched, and in SimGrid (its last flow's end − the start). */
  readonly ours: number;
  readonly theirs: number;
  readonly error: number;
}

/** Runs the scenario in mrsched and its flows in SimGrid; every attempt that moves data, compared. `pipelines`: each pipeline write's replicas after the writer, by attempt. */
function crossCheck(scenario: Scenario, pipelines: Readonly<Record<string, readonly string[]>> = {}): Compared[] {
  const attempts = attemptsOf(runScenario(scenario, 'fifo', { alignHeartbeats: true }).run, pipelines).filter((attempt) => attempt.flows.length > 0);
  const { nodes, switches } = scenario.cluster;
  const platform = {
    nodes: nodes.map((n) => ({ name: n.id, switch: n.uplink, disk: n.diskReadRate, link: n.uplinkBandwidth })),
    switches: switches.map((s) => ({ name: s.id, parent: s.parent, uplink: s.parent === null ? null : s.uplinkBandwidth })),
    flows: attempts.flatMap((attempt) => attempt.flows),
  };
  const input = JSON.stringify(platform);
  const ends = JSON.parse(execFileSync(PYTHON, [SCRIPT], { input, encoding: 'utf8', stdio: ['pipe', 'pipe', 'ignore'] })) as number[];
  expect(ends).toHaveLength(platform.flows.length);
  let next = 0;
  return attempts.map(({ label, start, duration, flows }) => {
    const theirs = Math.max(...ends.slice(next, (next += flows.length))) - start;
    return { label, ours: duration, theirs, error: Math.abs(duration - theirs) / theirs };
  });
}

/** SimGrid's durations, by attempt, rounded to the microsecond: the case's hand arithmetic holds. */
function simgridDurations(compared: readonly Compared[]): Record<string, number> {
  return Object.fromEntries(compared.map(({ label, theirs }) => [label, Math.round(theirs * 1e6) / 1e6]));
}

function expectAgreement(compared: readonly Compared[]): void {
  for (const { label, ours, theirs, error } of compared) {
    expect(error, `${label}: mrsched ${ours} s, SimGrid ${theirs} s`).toBeLessThan(0.01);
  }
}

describe.skipIf(missing !== null)('the whole simulator against SimGrid (max-min, attempts as flows)', () => {
  it('1. a hot disk: four reduces fetching 1,000 MB each from one 100 MB/s disk', () => {
    // n0 runs the one map (no input, so it ends as it starts) at 0 and holds its 4,000 MB of output; n1–n4,
    // one rack, one reduce each (share 1/4), launched at their heartbeats at 0, after n0's. The disk alone
    // needs 4,000 / 100 = 40 s: 25 MB/s a fetch, far under the 125 MB/s links.
    const scenario = cluster({ r1: { uplink: WIDE, nodes: [MAPPER, REDUCER, REDUCER, REDUCER, REDUCER] } }, [{ maps: [map(4000)], reduces: reduces(4) }]);
    const compared = crossCheck(scenario);
    expect(simgridDurations(compared)).toEqual({ 'j0 reduce 0': 40, 'j0 reduce 1': 40, 'j0 reduce 2': 40, 'j0 reduce 3': 40 });
    expectAgreement(compared);
  });

  it('2. a shared rack uplink: three nodes read from behind one 150 MB/s uplink', () => {
    // r1's n0–n2 store one block each (300, 600, 900 MB) and run nothing; r2's n3–n5 run the three maps,
    // all off-rack, from 0. Each read crosses its source's disk (100) and link (125), r1's uplink (150)
    // and its reader's link: 50 MB/s each until the 300 MB read ends at 6; then 75 each, the 600 MB one
    // (300 left) ends at 10; then the last alone at its disk's 100, 300 left: 13.
    const scenario = cluster(
      { r1: { uplink: 150 * MB, nodes: [STORE, STORE, STORE] }, r2: { uplink: WIDE, nodes: [MAPPER, MAPPER, MAPPER] } },
      [{ maps: [map(0, 300, 0), map(0, 600, 1), map(0, 900, 2)] }],
    );
    const compared = crossCheck(scenario);
    expect(simgridDurations(compared)).toEqual({ 'j0 map 0': 6, 'j0 map 1': 10, 'j0 map 2': 13 });
    expectAgreement(compared);
  });

  it("3. two jobs' shuffles from one disk", () => {
    // n0 (two map slots) runs both jobs' maps at 0: j0's writes 1,000 MB, j1's 2,000 MB. Then n1–n4 launch
    // two reduces of each (share 1/2), all fetching from n0's 100 MB/s disk: 25 MB/s each. j0's reduces
    // copy 500 MB: 20 s; j1's have 500 of their 1,000 MB then, and the disk to the two of them, 50 each: 30 s.
    // (With a pool of output disks per job, mrsched once gave 10 s and 20 s.)
    const scenario = cluster({ r1: { uplink: WIDE, nodes: [{ mapSlots: 2, reduceSlots: 0 }, REDUCER, REDUCER, REDUCER, REDUCER] } }, [
      { maps: [map(1000)], reduces: reduces(2) },
      { maps: [map(2000)], reduces: reduces(2) },
    ]);
    const compared = crossCheck(scenario);
    expect(simgridDurations(compared)).toEqual({ 'j0 reduce 0': 20, 'j0 reduce 1': 20, 'j1 reduce 0': 30, 'j1 reduce 1': 30 });
    expectAgreement(compared);
  });

  it('4. a narrow source uplink: a shuffle whose sources sit behind a 100 MB/s rack uplink', () => {
    // r1's n0 and n1 run one map each at 0 (1,000 MB of output each); r2's n2 and n3 one reduce each (share
    // 1/2), also at 0 (the maps have no input, so they end as they start). Four fetches of 500 MB cross r1's
    // 100 MB/s uplink: 25 MB/s each, 20 s. (When its fetches did not load the source side's links, mrsched
    // gave 10 s.)
    const scenario = cluster({ r1: { uplink: 100 * MB, nodes: [MAPPER, MAPPER] }, r2: { uplink: WIDE, nodes: [REDUCER, REDUCER] } }, [
      { maps: [map(1000), map(1000)], reduces: reduces(2) },
    ]);
    const compared = crossCheck(scenario);
    expect(simgridDurations(compared)).toEqual({ 'j0 reduce 0': 20, 'j0 reduce 1': 20 });
    expectAgreement(compared);
  });

  it('5. a narrow destination uplink: three reducers behind a 150 MB/s rack uplink', () => {
    // r1's n0 and n1 run one map each at 0 (1,500 MB of output each); r2's n2–n4 one reduce each at 0,
    // shares 1/2, 1/4, 1/4. Six fetches (750, 750, 375 × 4 MB) cross r2's uplink down at 25 MB/s each; the
    // disks and source links carry 75 each, under 100 and 125. The 375 MB ones end at 15 s; reduce 0 then
    // has 375 MB left from each source, its two fetches sharing its 125 MB/s link: 62.5 each, 6 s more.
    const scenario = cluster({ r1: { uplink: WIDE, nodes: [MAPPER, MAPPER] }, r2: { uplink: 150 * MB, nodes: [REDUCER, REDUCER, REDUCER] } }, [
      { maps: [map(1500), map(1500)], reduces: reduces(3, [0.5, 0.25, 0.25]) },
    ]);
    const compared = crossCheck(scenario);
    expect(simgridDurations(compared)).toEqual({ 'j0 reduce 0': 21, 'j0 reduce 1': 15, 'j0 reduce 2': 15 });
    expectAgreement(compared);
  });

  it("6a. map reads and a shuffle mixed: one job's remote reads and another's fetches into one 100 MB/s rack uplink", () => {
    // r1: n0 runs j0's map, a node-local read of 150 MB (0 → 1.5), and holds its 1,000 MB of output; n1
    // stores j1's two blocks (300 MB each). r2 (uplink 100 MB/s): n2 and n3 run j0's reduces (share 1/2),
    // n4 and n5 j1's maps. j1 arrives at 1, while n0 is busy: its maps read from n1 from 1, 50 MB/s each
    // (n1's disk, and r2's uplink down). j0's reduces launch at 2, fetching from n0: four flows cross
    // r2's uplink down, 25 each. The reads (250 MB left at 2) end at 12 (11 s); the fetches have 250 MB
    // left then, and go on at 50 each (n0's disk, r2's uplink): 17 (15 s).
    const scenario = cluster(
      {
        r1: { uplink: WIDE, nodes: [MAPPER, STORE] },
        r2: { uplink: 100 * MB, nodes: [REDUCER, REDUCER, MAPPER, MAPPER] },
      },
      [
        { maps: [map(1000, 150, 0)], reduces: reduces(2) },
        { submit: 1, maps: [map(0, 300, 1), map(0, 300, 1)] },
      ],
    );
    const compared = crossCheck(scenario);
    expect(simgridDurations(compared)).toEqual({ 'j0 map 0': 1.5, 'j0 reduce 0': 15, 'j0 reduce 1': 15, 'j1 map 0': 11, 'j1 map 1': 11 });
    expectAgreement(compared);
  });

  it("6b. map reads and a shuffle mixed: one job's remote reads and another's fetches from one disk", () => {
    // n0 (r1) runs j0's map, a node-local read of 150 MB, and holds its 1,000 MB of output and j1's two
    // blocks (300 MB each); r2: n1 and n2 run j0's reduces (share 1/2), n3 and n4 j1's maps; uplinks wide.
    // j0's map reads alone 0 → 1 (100 MB); j1 arrives at 1 and its maps read from n0 too: three flows
    // on n0's disk, 33.3 MB/s each, so j0's map ends at 2.5 and the reads have 250 MB left; then 50 each,
    // 225 left at 3, when j0's reduces launch. Four flows on n0's disk, 25 each: the reads end at 12 (11 s),
    // the fetches have 275 MB left then and end at 17.5 (14.5 s). (When the fetches drew on a pool of j0's own
    // rather than on n0's disk, mrsched gave 6.5 s and 10 s.)
    const scenario = cluster(
      {
        r1: { uplink: WIDE, nodes: [MAPPER] },
        r2: { uplink: WIDE, nodes: [REDUCER, REDUCER, MAPPER, MAPPER] },
      },
      [
        { maps: [map(1000, 150, 0)], reduces: reduces(2) },
        { submit: 1, maps: [map(0, 300, 0), map(0, 300, 0)] },
      ],
    );
    const compared = crossCheck(scenario);
    expect(simgridDurations(compared)).toEqual({ 'j0 map 0': 2.5, 'j0 reduce 0': 14.5, 'j0 reduce 1': 14.5, 'j1 map 0': 11, 'j1 map 1': 11 });
    expectAgreement(compared);
  });

  it("7. a shuffle half from inside the reducers' rack, beside reads into that rack", () => {
    // As 6a, but j0 has a second map, no input, that n4 (r2) runs at 0: its 500 MB of output sit inside the
    // reducers' rack, the other 500 MB on n0. j1's maps read from n1 from 1 (n4 free again) at 50 MB/s each;
    // j0's reduces launch at 2 (its first map's read ends at 1.5) and fetch 250 MB from each node. r2's
    // 100 MB/s uplink down carries j1's two reads and the two fetches from n0: 25 each; the fetches from n4
    // stay in the rack: 50 each (n4's disk), done at 7. From 7 to 12 the four flows through the uplink go on
    // at 25: the reads (250 MB left at 2) end at 12 (11 s), so do the fetches from n0 (10 s).
    const scenario = cluster(
      {
        r1: { uplink: WIDE, nodes: [MAPPER, STORE] },
        r2: { uplink: 100 * MB, nodes: [REDUCER, REDUCER, MAPPER, MAPPER] },
      },
      [
        { maps: [map(500, 150, 0), map(500)], reduces: reduces(2) },
        { submit: 1, maps: [map(0, 300, 1), map(0, 300, 1)] },
      ],
    );
    const compared = crossCheck(scenario);
    expect(simgridDurations(compared)).toEqual({ 'j0 map 0': 1.5, 'j0 reduce 0': 10, 'j0 reduce 1': 10, 'j1 map 0': 11, 'j1 map 1': 11 });
    expectAgreement(compared);
  });

  it("8. a map's output written to its disk beside a read from it", () => {
    // n0 (two map slots) runs j0's map (no input, 600 MB of output written to its disk) and j1's map (a
    // node-local read of 300 MB) at 0: 50 MB/s each on n0's disk. The read ends at 6; the write, 300 MB
    // left, goes on at 100: 9. j0's reduce on n1 launches at 9 and copies the 600 MB from n0's disk: 6 s.
    const base = cluster({ r1: { uplink: WIDE, nodes: [{ mapSlots: 2, reduceSlots: 0 }, REDUCER] } }, [
      { maps: [map(600)], reduces: reduces(1) },
      { maps: [map(0, 300, 0)] },
    ]);
    const scenario = { ...base, settings: { ...base.settings, writes: { mapOutput: true, jobOutput: false } } };
    const compared = crossCheck(scenario);
    expect(simgridDurations(compared)).toEqual({ 'j0 map 0': 9, 'j0 reduce 0': 6, 'j1 map 0': 6 });
    expectAgreement(compared);
  });

  it("9. a job's output through HDFS's pipeline beside reads from its replicas' disks", () => {
    // r1: n0 runs j0's one map (map-only, no input), which writes the job's 1,000 MB through a pipeline of
    // three replicas: n0's disk, then r2's two nodes n3 and n4 (another rack, then the second's rack: the
    // only choice; their order does not matter, they are alike). n1 and n2 (r1) run j1's maps, off-rack
    // reads of 300 MB from n3 and n4. Each of n3's and n4's disks carries the pipeline and a read: 50 MB/s
    // each. The reads end at 6; the pipeline, 700 MB left, goes on at 100 (every disk): 13.
    const base = cluster({ r1: { uplink: WIDE, nodes: [MAPPER, MAPPER, MAPPER] }, r2: { uplink: WIDE, nodes: [STORE, STORE] } }, [
      { maps: [map(0)], outputBytes: 1000 * MB },
      { maps: [map(0, 300, 3), map(0, 300, 4)] },
    ]);
    const scenario = { ...base, settings: { ...base.settings, writes: { mapOutput: false, jobOutput: true } } };
    const compared = crossCheck(scenario, { 'j0 map 0': ['n3', 'n4'] });
    expect(simgridDurations(compared)).toEqual({ 'j0 map 0': 13, 'j1 map 0': 6, 'j1 map 1': 6 });
    expectAgreement(compared);
  });
});
