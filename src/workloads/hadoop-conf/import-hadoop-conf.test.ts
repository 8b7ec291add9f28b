import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InputError } from '../../util/input-error.js';
import { TRACES } from '../../test-support/traces.js';
import { importHadoopConf } from './import-hadoop-conf.js';
import { CONF_DIRS } from './test-support/conf-dirs.js';

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mrsched-hconf-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function conf(files: Record<string, string>): string {
  const path = join(dir, 'conf');
  mkdirSync(path, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(path, name), text);
  return path;
}

const site = (properties: Record<string, string>) =>
  `<configuration>\n${Object.entries(properties)
    .map(([name, value]) => `<property><name>${name}</name><value>${value}</value></property>`)
    .join('\n')}\n</configuration>\n`;

async function failure(run: Promise<unknown>): Promise<string> {
  try {
    await run;
  } catch (error) {
    if (error instanceof InputError) return error.message;
    throw error;
  }
  return 'no error';
}

describe('the documentation examples', () => {
  it("imports the Fair Scheduler documentation's allocation file with a yarn-site, mapred-site and rack table", async () => {
    const { scenario, notes, files, scheduler, hasJobs } = await importHadoopConf(CONF_DIRS.fairDoc);
    expect(files).toEqual(['mapred-site.xml', 'yarn-site.xml', 'fair-scheduler.xml', 'topology.data']);
    expect(scheduler).toBe('fair');
    expect(hasJobs).toBe(false);
    expect(scenario.cluster).toEqual({
      defaults: { memory: '65536 MB', vcores: 16 },
      racks: [
        { id: 'rack1', nodes: [{ id: 'node1' }, { id: 'node2' }, { id: 'node3' }] },
        { id: 'rack2', nodes: [{ id: 'node4' }, { id: 'node5' }, { id: 'node6' }] },
      ],
    });
    expect(scenario.pools.map((pool) => pool.id)).toEqual(['sample_queue', 'sample_queue.sample_sub_queue', 'sample_queue.sample_reservable_queue', 'secondary_group_queue']);
    expect(scenario.pools[0]).toEqual({
      id: 'sample_queue',
      weight: 2,
      minResources: { memory: '10000 MB', vcores: 0 },
      maxResources: { memory: '90000 MB', vcores: 0 },
      maxRunningJobs: 50,
      schedulingPolicy: 'fair',
    });
    expect(scenario.pools[1]).toMatchObject({ minResources: { memory: '5000 MB', vcores: 0 }, maxResources: { memory: '40000 MB', vcores: 0 } });
    expect(scenario.settings).toMatchObject({
      slowStart: 0.8,
      yarn: { mapContainer: { memory: '2048 MB', vcores: 1 }, reduceContainer: { memory: '4096 MB', vcores: 2 }, amContainer: { memory: '1536 MB', vcores: 1 } },
    });
    expect(scenario.schedulerOptions).toEqual({ fair: { preemption: true, userMaxJobsDefault: 5, userMaxJobs: { sample_user: 30 } } });
    const text = notes.join('\n');
    expect(text).toMatch(/yarn-site\.xml:9 yarn\.nodemanager\.resource\.memory-mb = '65536': cluster\.defaults\.memory 65536 MB/);
    expect(text).toMatch(/yarn-site\.xml:21 yarn\.scheduler\.fair\.user-as-default-queue = 'false' not used: queue placement/);
    expect(text).toMatch(/aclSubmitApps \(line 11\) not used: ACLs are not modelled/);
    expect(text).toMatch(/<queuePlacementPolicy> not used/);
    expect(text).toMatch(/1 other properties not about scheduling not used \(e\.g\. yarn\.resourcemanager\.hostname\)/);
    expect(text).toMatch(/No jobs: .*--jobs FILE/);
  });

  it('imports the capacity-scheduler.xml Hadoop ships', async () => {
    const { scenario, notes, scheduler } = await importHadoopConf(CONF_DIRS.capacityShipped, { nodes: 4 });
    expect(scheduler).toBe('capacity');
    expect(scenario.cluster.racks).toEqual([{ id: 'default-rack', nodes: 4 }]);
    expect(scenario.pools).toEqual([{ id: 'default', capacity: 100, userLimitFactor: 1 }]);
    expect(scenario.settings.yarn.maxAmShare).toBe(0.1);
    const text = notes.join('\n');
    expect(scenario.schedulerOptions).toEqual({ capacity: { resourceCalculator: 'default', maxOffSwitchAssign: 1, nodeLocalityDelay: 40 } });
    expect(text).toMatch(/capacity-scheduler\.xml:109 yarn\.scheduler\.capacity\.node-locality-delay = '40': schedulerOptions\.capacity\.nodeLocalityDelay 40 \(missed scheduling opportunities before a rack-local container\)/);
    expect(text).toMatch(/yarn\.scheduler\.capacity\.queue-mappings = '' not used: queue placement/);
    expect(text).toMatch(/acl_submit_applications = '\*' not used: ACLs/);
  });

  it("imports the Capacity Scheduler documentation's queue hierarchy: parents and leaves as pools, parents first", async () => {
    const { scenario, notes } = await importHadoopConf(CONF_DIRS.capacityHierarchy, { nodes: 2 });
    expect(scenario.pools.map((pool) => pool.id)).toEqual(['a', 'a.a1', 'a.a2', 'b', 'b.b1', 'b.b2', 'b.b3', 'c']);
    expect(notes.join('\n')).toMatch(/root\.a\.capacity not set: pool a gets no capacity of its own and shares what its siblings leave/);
  });
});

describe('a configuration directory', () => {
  it('writes capacities as percentages of the parent, weights as Hadoop turns them into percentages, and global defaults on the leaves', async () => {
    const path = conf({
      'capacity-scheduler.xml': site({
        'yarn.scheduler.capacity.root.queues': 'prod, dev',
        'yarn.scheduler.capacity.root.prod.capacity': '60',
        'yarn.scheduler.capacity.root.dev.capacity': '40',
        'yarn.scheduler.capacity.root.dev.maximum-capacity': '-1',
        'yarn.scheduler.capacity.root.dev.queues': 'x,y',
        'yarn.scheduler.capacity.root.dev.x.capacity': '3w',
        'yarn.scheduler.capacity.root.dev.y.capacity': '1w',
        'yarn.scheduler.capacity.user-limit-factor': '2',
      }),
    });
    const { scenario, notes } = await importHadoopConf(path, { nodes: 3 });
    expect(scenario.pools).toEqual([
      { id: 'prod', capacity: 60, userLimitFactor: 2 },
      { id: 'dev', capacity: 40 },
      { id: 'dev.x', capacity: 75, userLimitFactor: 2 },
      { id: 'dev.y', capacity: 25, userLimitFactor: 2 },
    ]);
    expect(notes.join('\n')).toMatch(/weight 3 of 4 under root\.dev = capacity 75% of root\.dev, as Hadoop/);
  });

  it("reads a leaf's maximum-am-resource-percent into its pool's maxAmShare, and notes a parent's as not used", async () => {
    const path = conf({
      'capacity-scheduler.xml': site({
        'yarn.scheduler.capacity.root.queues': 'prod, dev',
        'yarn.scheduler.capacity.root.prod.capacity': '60',
        'yarn.scheduler.capacity.root.prod.maximum-am-resource-percent': '0.3',
        'yarn.scheduler.capacity.root.dev.capacity': '40',
        'yarn.scheduler.capacity.root.dev.maximum-am-resource-percent': '0.2',
        'yarn.scheduler.capacity.root.dev.queues': 'x',
        'yarn.scheduler.capacity.root.dev.x.capacity': '100',
      }),
    });
    const { scenario, notes } = await importHadoopConf(path, { nodes: 1 });
    expect(scenario.pools).toEqual([{ id: 'prod', capacity: 60, maxAmShare: 0.3 }, { id: 'dev', capacity: 40 }, { id: 'dev.x', capacity: 100 }]);
    const text = notes.join('\n');
    expect(text).toMatch(/root\.prod\.maximum-am-resource-percent = '0\.3': maxAmShare 0\.3/);
    expect(text).toMatch(/root\.dev\.maximum-am-resource-percent not used: root\.dev is a parent queue/);
  });

  it("reads the Capacity Scheduler's resource calculator and per-heartbeat assignments into schedulerOptions.capacity", async () => {
    const path = conf({
      'capacity-scheduler.xml': site({
        'yarn.scheduler.capacity.root.queues': 'q',
        'yarn.scheduler.capacity.root.q.capacity': '100',
        'yarn.scheduler.capacity.resource-calculator': 'org.apache.hadoop.yarn.util.resource.DominantResourceCalculator',
        'yarn.scheduler.capacity.per-node-heartbeat.multiple-assignments-enabled': 'false',
        'yarn.scheduler.capacity.per-node-heartbeat.maximum-container-assignments': '0',
        'yarn.scheduler.capacity.per-node-heartbeat.maximum-offswitch-assignments': '2',
      }),
    });
    const { scenario } = await importHadoopConf(path, { nodes: 1 });
    expect(scenario.schedulerOptions).toEqual({ capacity: { resourceCalculator: 'dominant', multipleAssignments: false, maxAssign: -1, maxOffSwitchAssign: 2 } });
  });

  it("reads the Capacity Scheduler's locality delays into schedulerOptions.capacity, and refuses one below -1", async () => {
    const properties = {
      'yarn.scheduler.capacity.root.queues': 'q',
      'yarn.scheduler.capacity.root.q.capacity': '100',
      'yarn.scheduler.capacity.node-locality-delay': '20',
      'yarn.scheduler.capacity.rack-locality-additional-delay': '5',
      'yarn.scheduler.capacity.rack-locality-full-reset': 'false',
    };
    const { scenario, notes } = await importHadoopConf(conf({ 'capacity-scheduler.xml': site(properties) }), { nodes: 1 });
    expect(scenario.schedulerOptions).toEqual({ capacity: { nodeLocalityDelay: 20, rackLocalityAdditionalDelay: 5, rackLocalityFullReset: false } });
    const text = notes.join('\n');
    expect(text).toMatch(/rack-locality-additional-delay = '5': schedulerOptions\.capacity\.rackLocalityAdditionalDelay 5 \(missed scheduling opportunities past the node-locality delay/);
    expect(text).toMatch(/rack-locality-full-reset = 'false': schedulerOptions\.capacity\.rackLocalityFullReset/);
    const bad = conf({ 'capacity-scheduler.xml': site({ ...properties, 'yarn.scheduler.capacity.node-locality-delay': '-2' }) });
    expect(await failure(importHadoopConf(bad, { nodes: 1 }))).toMatch(/capacity-scheduler\.xml:\d+:\d+: yarn\.scheduler\.capacity\.node-locality-delay: expected a whole number ≥ -1, found '-2'/);
  });

  it("reads the preemption monitor into schedulerOptions.capacity and a queue's disable_preemption into its pool, and refuses a fraction over 1", async () => {
    const preemption = 'yarn.resourcemanager.monitor.capacity.preemption.';
    const properties = {
      'yarn.resourcemanager.scheduler.monitor.enable': 'true',
      [`${preemption}monitoring_interval`]: '5000',
      [`${preemption}max_wait_before_kill`]: '30000',
      [`${preemption}total_preemption_per_round`]: '0.2',
      [`${preemption}max_ignored_over_capacity`]: '0.05',
      [`${preemption}natural_termination_factor`]: '1',
      [`${preemption}observe_only`]: 'true',
    };
    const queues = {
      'yarn.scheduler.capacity.root.queues': 'prod, dev',
      'yarn.scheduler.capacity.root.prod.capacity': '70',
      'yarn.scheduler.capacity.root.prod.disable_preemption': 'true',
      'yarn.scheduler.capacity.root.dev.capacity': '30',
    };
    const { scenario, notes } = await importHadoopConf(conf({ 'yarn-site.xml': site(properties), 'capacity-scheduler.xml': site(queues) }), { nodes: 1 });
    expect(scenario.schedulerOptions).toEqual({
      capacity: { preemption: true, preemptionInterval: 5, maxWaitBeforeKill: 30, totalPreemptionPerRound: 0.2, maxIgnoredOverCapacity: 0.05, naturalTerminationFactor: 1 },
    });
    expect(scenario.pools).toEqual([{ id: 'prod', capacity: 70, allowPreemptionFrom: false }, { id: 'dev', capacity: 30 }]);
    const text = notes.join('\n');
    expect(text).toMatch(/max_wait_before_kill = '30000': schedulerOptions\.capacity\.maxWaitBeforeKill 30 s/);
    expect(text).toMatch(/observe_only.*not used.*not modelled/);
    // A monitor running another policy leaves preemption off.
    const other = conf({ 'yarn-site.xml': site({ 'yarn.resourcemanager.scheduler.monitor.enable': 'true', 'yarn.resourcemanager.scheduler.monitor.policies': 'com.example.OtherPolicy' }), 'capacity-scheduler.xml': site(queues) });
    expect((await importHadoopConf(other, { nodes: 1 })).scenario.schedulerOptions).toEqual({ capacity: { preemption: false } });
    const bad = conf({ 'yarn-site.xml': site({ ...properties, [`${preemption}total_preemption_per_round`]: '1.5' }), 'capacity-scheduler.xml': site(queues) });
    expect(await failure(importHadoopConf(bad, { nodes: 1 }))).toMatch(/yarn-site\.xml:\d+:\d+: yarn\.resourcemanager\.monitor\.capacity\.preemption\.total_preemption_per_round: expected a number from 0 to 1, found '1\.5'/);
  });

  it('reads the yarn-site and mapred-site settings, hdfs-site storage, and the older increment names', async () => {
    const path = conf({
      'yarn-site.xml': site({
        'yarn.scheduler.minimum-allocation-mb': '512',
        'yarn.scheduler.maximum-allocation-vcores': '8',
        'yarn.scheduler.increment-allocation-mb': '256',
        'yarn.resourcemanager.am.max-attempts': '4',
        'yarn.resourcemanager.nodemanagers.heartbeat-interval-ms': '3000',
        'yarn.scheduler.fair.assignmultiple': 'false',
        'yarn.scheduler.fair.update-interval-ms': '250',
      }),
      'mapred-site.xml': site({ 'mapreduce.map.speculative': 'false', 'mapreduce.reduce.speculative': 'false', 'mapreduce.reduce.shuffle.parallelcopies': '20', 'mapreduce.map.maxattempts': '2' }),
      'hdfs-site.xml': site({ 'dfs.blocksize': '256m', 'dfs.replication': '2' }),
    });
    const { scenario } = await importHadoopConf(path, { nodes: 1 });
    expect(scenario.settings).toMatchObject({
      heartbeatInterval: 3,
      parallelCopies: 20,
      speculation: { maps: false, reduces: false },
      taskFailures: { maxMapAttempts: 2 },
      yarn: { amMaxAttempts: 4, minimumAllocation: { memory: '512 MB', vcores: 1 }, maximumAllocation: { memory: '8192 MB', vcores: 8 }, incrementAllocation: { memory: '256 MB', vcores: 1 } },
    });
    expect(scenario.storage).toEqual({ blockSize: 256 * 2 ** 20, replication: 2 });
    expect(scenario.schedulerOptions).toEqual({ fair: { assignMultiple: false, updateInterval: 0.25 } });
  });

  it('names the trace --jobs gives, relative to the output, and copies a scenario\'s jobs with its pools the configuration lacks', async () => {
    const path = conf({ 'yarn-site.xml': site({}) });
    const traced = await importHadoopConf(path, { nodes: 2, jobs: TRACES.swimFirst50, out: join(dir, 'out.yaml') });
    expect(traced.scenario.trace?.format).toBe('swim');
    expect(traced.scenario.trace?.path).not.toMatch(/^\//);
    const jobsFile = join(dir, 'jobs.yaml');
    writeFileSync(jobsFile, 'cluster: { generate: { racks: 1, nodesPerRack: 1 } }\npools: [{ id: extra }]\njobs: [{ id: j1, maps: 2, pool: extra }]\n');
    const copied = await importHadoopConf(path, { nodes: 2, jobs: jobsFile });
    expect(copied.scenario.jobs).toEqual([{ id: 'j1', maps: 2, pool: 'extra' }]);
    expect(copied.scenario.pools).toEqual([{ id: 'extra' }]);
    expect(copied.hasJobs).toBe(true);
  });

  it('says --nodes wins over a rack table', async () => {
    const path = conf({ 'topology.data': 'h1 /r1\nh2 /r2\n' });
    const { scenario, notes } = await importHadoopConf(path, { nodes: 5 });
    expect(scenario.cluster.racks).toEqual([{ id: 'default-rack', nodes: 5 }]);
    expect(notes.join('\n')).toMatch(/The rack table topology\.data \(2 hosts in 2 racks\) is not used: --nodes wins/);
  });

  it('reads the rack table net.topology.table.file.name names, skipping lines as TableMapping does', async () => {
    const path = conf({ 'core-site.xml': site({ 'net.topology.table.file.name': '/etc/hadoop/conf/racks.txt' }), 'racks.txt': '# comment\nh1 /dc1/r1\n\nh2\t/dc1/r1\nbad line here\nh3 /dc1/r2\n' });
    const { scenario, notes } = await importHadoopConf(path);
    expect(scenario.cluster.racks).toEqual([
      { id: 'dc1/r1', nodes: [{ id: 'h1' }, { id: 'h2' }] },
      { id: 'dc1/r2', nodes: [{ id: 'h3' }] },
    ]);
    expect(notes.join('\n')).toMatch(/1 lines without two columns skipped.*\(lines 5\)/);
  });

  it('notes a property set in two files and a final one kept', async () => {
    const path = conf({
      'core-site.xml': '<configuration><property><name>dfs.replication</name><value>2</value><final>true</final></property></configuration>',
      'hdfs-site.xml': site({ 'dfs.replication': '5' }),
    });
    const { scenario, notes } = await importHadoopConf(path, { nodes: 1 });
    expect(scenario.storage).toEqual({ replication: 2 });
    expect(notes.join('\n')).toMatch(/dfs\.replication is final in core-site\.xml:1: hdfs-site\.xml:2 may not change it/);
  });
});

describe('problems', () => {
  it('refuses a directory with none of the files, and one with neither a rack table nor --nodes', async () => {
    expect(await failure(importHadoopConf(conf({ 'README': 'x' })))).toMatch(/expected a Hadoop configuration directory holding at least one of core-site\.xml, .*found none of them/);
    expect(await failure(importHadoopConf(conf({ 'yarn-site.xml': site({}) })))).toMatch(/--nodes: expected a rack table in the directory .* or --nodes N, found neither/);
    expect(await failure(importHadoopConf(join(dir, 'missing')))).toMatch(/found no such directory/);
  });

  it('reports the problems of every file at once, each at its file, line and property', async () => {
    const path = conf({
      'yarn-site.xml': site({ 'yarn.nodemanager.resource.memory-mb': 'lots', 'yarn.scheduler.fair.preemption': 'yes' }),
      'fair-scheduler.xml': '<allocations>\n<queue name="a"><weight>-1</weight></queue>\n</allocations>',
    });
    const message = await failure(importHadoopConf(path, { nodes: 1 }));
    expect(message).toMatch(/: 3 problems\n/);
    expect(message).toMatch(/yarn-site\.xml:2:1: yarn\.nodemanager\.resource\.memory-mb: expected a whole number ≥ -1, found 'lots'/);
    expect(message).toMatch(/yarn-site\.xml:3:1: yarn\.scheduler\.fair\.preemption: expected true or false, found 'yes'/);
    expect(message).toMatch(/fair-scheduler\.xml:2:17: weight: expected a number ≥ 0, found '-1'/);
  });

  it('refuses an entity definition, bytes that are not UTF-8, an empty file and a link out of the directory', async () => {
    expect(await failure(importHadoopConf(conf({ 'yarn-site.xml': '<!DOCTYPE c [<!ENTITY x "y">]><configuration>&x;</configuration>' }), { nodes: 1 }))).toMatch(/no DOCTYPE/);
    rmSync(join(dir, 'conf'), { recursive: true });
    const latin1 = conf({});
    writeFileSync(join(latin1, 'yarn-site.xml'), Buffer.from([0x3c, 0x61, 0x3e, 0xe9, 0x3c, 0x2f, 0x61, 0x3e]));
    expect(await failure(importHadoopConf(latin1, { nodes: 1 }))).toMatch(/yarn-site\.xml:1:4: expected UTF-8 text, found bytes that are not UTF-8 \(0xE9/);
    rmSync(latin1, { recursive: true });
    expect(await failure(importHadoopConf(conf({ 'mapred-site.xml': '  \n' }), { nodes: 1 }))).toMatch(/mapred-site\.xml: 1 problem\n.*found an empty file/);
    rmSync(join(dir, 'conf'), { recursive: true });
    writeFileSync(join(dir, 'outside.xml'), site({}));
    const linked = conf({});
    symlinkSync(join(dir, 'outside.xml'), join(linked, 'yarn-site.xml'));
    expect(await failure(importHadoopConf(linked, { nodes: 1 }))).toMatch(/yarn-site\.xml: expected a file in the directory \(links that lead out of it are not followed\), found a symbolic link to /);
  });

  it('refuses capacities that do not sum to 100, a mix of weights and percentages, and absolute resources', async () => {
    const path = conf({
      'capacity-scheduler.xml': site({
        'yarn.scheduler.capacity.root.queues': 'a,b',
        'yarn.scheduler.capacity.root.a.capacity': '50',
        'yarn.scheduler.capacity.root.b.capacity': '30',
        'yarn.scheduler.capacity.root.a.queues': 'x,y',
        'yarn.scheduler.capacity.root.a.x.capacity': '1w',
        'yarn.scheduler.capacity.root.a.y.capacity': '[memory=1024,vcores=1]',
      }),
    });
    const message = await failure(importHadoopConf(path, { nodes: 1 }));
    expect(message).toMatch(/root\.queues: expected capacities of root's children that sum to 100 .*found a sum of 80/);
    expect(message).toMatch(/root\.a\.y\.capacity: expected .*absolute resources are not read by this importer/);
  });
});
