import { describe, expect, it } from 'vitest';
import { InputError } from '../../util/input-error.js';
import { allocationFileOf } from './allocation-file.js';
import { fairPools } from './fair-pools.js';
import { parseXml } from './xml-tree.js';

function allocation(text: string) {
  const parsed = parseXml(text);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  return allocationFileOf('conf/fair-scheduler.xml', parsed.root);
}

function problemsOf(text: string): string {
  try {
    allocation(text);
  } catch (error) {
    if (error instanceof InputError) return error.message;
    throw error;
  }
  return 'no problem';
}

/** The cluster the pools resolve against: 10 nodes of 8 GB and 8 vcores. */
const TOTAL = { memoryMb: 81920, vcores: 80 };

/** The queues of Hadoop's testAllocationFileParsing, written out as a file (our own wording of its builder calls). */
const PARSING = `<allocations>
  <queue name="queueA"><minResources>1024mb,0vcores</minResources><maxResources>2048mb,10vcores</maxResources></queue>
  <queue name="queueB"><minResources>2048mb,0vcores</minResources><maxResources>5120mb,110vcores</maxResources>
    <aclAdministerApps>alice,bob admins</aclAdministerApps><schedulingPolicy>fair</schedulingPolicy></queue>
  <queue name="queueC"><minResources>5120mb,0vcores</minResources><aclSubmitApps>alice,bob admins</aclSubmitApps></queue>
  <queue name="queueD"><maxRunningApps>3</maxRunningApps><maxAMShare>0.4</maxAMShare></queue>
  <queue name="queueE"><minSharePreemptionTimeout>60</minSharePreemptionTimeout></queue>
  <queue name="queueF" type="parent"><maxChildResources>2048mb,64vcores</maxChildResources></queue>
  <queue name="queueG"><maxChildResources>2048mb,64vcores</maxChildResources>
    <fairSharePreemptionTimeout>120</fairSharePreemptionTimeout><minSharePreemptionTimeout>50</minSharePreemptionTimeout>
    <fairSharePreemptionThreshold>0.6</fairSharePreemptionThreshold>
    <maxContainerAllocation>vcores=16, memory-mb=512</maxContainerAllocation>
    <queue name="queueH"><fairSharePreemptionTimeout>180</fairSharePreemptionTimeout><minSharePreemptionTimeout>40</minSharePreemptionTimeout>
      <fairSharePreemptionThreshold>0.7</fairSharePreemptionThreshold><maxContainerAllocation>1024mb,8vcores</maxContainerAllocation></queue>
  </queue>
  <queueMaxAppsDefault>15</queueMaxAppsDefault>
  <queueMaxResourcesDefault>4096mb,100vcores</queueMaxResourcesDefault>
  <userMaxAppsDefault>5</userMaxAppsDefault>
  <queueMaxAMShareDefault>0.5</queueMaxAMShareDefault>
  <defaultMinSharePreemptionTimeout>120</defaultMinSharePreemptionTimeout>
  <defaultFairSharePreemptionTimeout>300</defaultFairSharePreemptionTimeout>
  <defaultFairSharePreemptionThreshold>0.4</defaultFairSharePreemptionThreshold>
  <defaultQueueSchedulingPolicy>drf</defaultQueueSchedulingPolicy>
  <user name="user1"><maxRunningApps>10</maxRunningApps></user>
</allocations>`;

// Facts of Hadoop's TestAllocationFileLoaderService, restated: each case names the test method it follows.
describe('the allocation file, as TestAllocationFileLoaderService pins it', () => {
  const { pools, options, notes } = fairPools(allocation(PARSING), TOTAL);
  const pool = (id: string) => pools.find((p) => p.id === id);

  it.each([
    ['testAllocationFileParsing: own maxResources', 'queueA', { maxResources: { memory: '2048 MB', vcores: 10 } }],
    ['testAllocationFileParsing: queueMaxResourcesDefault for a queue without maxResources', 'queueC', { maxResources: { memory: '4096 MB', vcores: 100 } }],
    ['testAllocationFileParsing: queueMaxResourcesDefault for a parent queue too', 'queueF', { maxResources: { memory: '4096 MB', vcores: 100 } }],
    ['testAllocationFileParsing: queueMaxResourcesDefault for a child queue', 'queueG.queueH', { maxResources: { memory: '4096 MB', vcores: 100 } }],
    ['testAllocationFileParsing: minResources', 'queueA', { minResources: { memory: '1024 MB', vcores: 0 } }],
    ['testAllocationFileParsing: queueMaxAppsDefault', 'queueA', { maxRunningJobs: 15 }],
    ['testAllocationFileParsing: own maxRunningApps', 'queueD', { maxRunningJobs: 3 }],
    ['testAllocationFileParsing: defaultQueueSchedulingPolicy drf', 'queueA', { schedulingPolicy: 'drf' }],
    ['testAllocationFileParsing: an explicit policy overrides the default', 'queueB', { schedulingPolicy: 'fair' }],
  ])('%s (%s)', (_fact, id, expected) => {
    expect(pool(id)).toMatchObject(expected);
  });

  it('testAllocationFileParsing: a queue without minResources has none', () => {
    expect(pool('queueD')?.minResources).toBeUndefined();
  });

  it('testAllocationFileParsing: timeouts and thresholds of the root from the defaults, of queues their own or their parent\'s', () => {
    expect(options).toEqual({
      defaultMinSharePreemptionTimeout: 120,
      minSharePreemptionTimeouts: { queueE: 60, queueG: 50, 'queueG.queueH': 40 },
      fairSharePreemptionTimeout: 300,
      fairSharePreemptionTimeouts: { queueG: 120, 'queueG.queueH': 180 },
      fairSharePreemptionThreshold: 0.4,
      fairSharePreemptionThresholds: { queueG: 0.6, 'queueG.queueH': 0.7 },
      schedulingPolicy: 'drf',
      userMaxJobsDefault: 5,
      userMaxJobs: { user1: 10 },
    });
    expect(notes.join('\n')).toContain('a pool listed under minSharePreemptionTimeouts, fairSharePreemptionTimeouts or fairSharePreemptionThresholds has its own or its parent');
  });

  it.each([
    ['testAllocationFileParsing: queueMaxAMShareDefault', 'queueE', 0.5, 'maxAmShare 0.5 from queueMaxAMShareDefault'],
    ['testAllocationFileParsing: own maxAMShare', 'queueD', 0.4, "maxAMShare '0.4'"],
  ])('%s (%s): read as the pool\'s maxAmShare', (_fact, id, share, note) => {
    expect(pool(id)).toMatchObject({ maxAmShare: share });
    expect(notes.find((line) => line.includes(`pool ${id}:`))).toContain(note);
  });

  it('testAllocationFileParsing: userMaxAppsDefault and a user\'s maxRunningApps', () => {
    expect(options).toMatchObject({ userMaxJobsDefault: 5, userMaxJobs: { user1: 10 } });
  });

  it('testAllocationFileParsing: type="parent" and a queue with children are parents, their children leaves', () => {
    const queues = allocation(PARSING).queues;
    expect(queues.filter((q) => q.parent).map((q) => q.path)).toEqual(['root.queueF', 'root.queueG']);
  });

  it('testBackwardsCompatibleAllocationFileParsing: <pool> elements are queues', () => {
    const file = allocation('<allocations><pool name="queueA"><minResources>1024mb,0vcores</minResources></pool><pool name="queueD"><maxRunningApps>3</maxRunningApps></pool></allocations>');
    expect(file.queues.map((q) => q.path)).toEqual(['root.queueA', 'root.queueD']);
  });

  it('testParentTagWithChild: a parent with a child queue is read', () => {
    const file = allocation('<allocations><queue name="parent" type="parent"><queue name="child"/></queue></allocations>');
    expect(file.queues.map((q) => [q.path, q.parent])).toEqual([['root.parent', true], ['root.parent.child', false]]);
  });

  it('testReservableQueue: a reservable leaf is read, its reservation noted as not modelled', () => {
    const file = allocation('<allocations><queue name="reservable"><reservation/></queue><queue name="other"/><reservation-agent>DummyAgentName</reservation-agent></allocations>');
    expect(file.queues[0].unused.join()).toMatch(/reservation system is not modelled/);
    expect(file.unused.join()).toMatch(/reservation-agent/);
  });

  it.each([
    ['testQueueAlongsideRoot', '<allocations><queue name="root"/><queue name="other"/></allocations>', /root queue alone at the top/],
    ['testQueueNameContainingPeriods', '<allocations><queue name="parent1.child"/></allocations>', /without a period .*found 'parent1\.child'/],
    ['testQueueNameContainingOnlyWhitespace', '<allocations><queue name="      "/></allocations>', /not empty or white space/],
    ['testQueueNameContainingNBWhitespace', '<allocations><queue name="\u00a0"/></allocations>', /not empty or white space/],
    ['testDefaultQueueSchedulingModeIsFIFO', '<allocations><defaultQueueSchedulingPolicy>fifo</defaultQueueSchedulingPolicy></allocations>', /may not be fifo/],
    ['testParentTagWithReservation', '<allocations><queue name="parent" type="parent"><reservation/></queue></allocations>', /no <reservation> in a parent queue/],
    ['testParentWithReservation', '<allocations><queue name="parent"><queue name="child"/><reservation/></queue></allocations>', /no <reservation> in a parent queue/],
    ['testReservableCannotBeCombinedWithDynamicUserQueue', '<allocations><queue name="notboth" type="parent"><reservation/></queue></allocations>', /no <reservation> in a parent queue/],
    ['reloadAllocations: the top-level element', '<configuration/>', /expected the root element <allocations>, found <configuration>/],
  ])('%s: refused', (_test, text, message) => {
    expect(problemsOf(text)).toMatch(message);
  });
});

describe('the allocation file: our own rules', () => {
  it('reports every bad value at its line at once, and an unknown element with the nearest known name', () => {
    const message = problemsOf('<allocations>\n<queue name="a">\n<weigth>2</weigth>\n<maxRunningApps>many</maxRunningApps>\n</queue>\n<queueMaxAppDefault>3</queueMaxAppDefault>\n</allocations>');
    expect(message).toMatch(/^conf\/fair-scheduler\.xml: 3 problems/);
    expect(message).toMatch(/fair-scheduler\.xml:3:1: weigth: expected an element Hadoop reads in queue root\.a, found <weigth> \(did you mean 'weight'\?\)/);
    expect(message).toMatch(/:4:1: maxRunningApps: expected a whole number from 0 to 2,147,483,647, found 'many'/);
    expect(message).toMatch(/:6:1: queueMaxAppDefault: .*did you mean 'queueMaxAppsDefault'/);
  });

  it('reads allowPreemptionFrom as the pool\'s own (its children follow it in the model), and refuses a value that is not true or false', () => {
    const file = allocation('<allocations><queue name="a"><allowPreemptionFrom>False</allowPreemptionFrom><queue name="b"/></queue><queue name="c"><allowPreemptionFrom>true</allowPreemptionFrom></queue></allocations>');
    expect(fairPools(file, TOTAL).pools).toEqual([
      { id: 'a', schedulingPolicy: 'fair', allowPreemptionFrom: false },
      { id: 'a.b', schedulingPolicy: 'fair' },
      { id: 'c', schedulingPolicy: 'fair', allowPreemptionFrom: true },
    ]);
    expect(problemsOf('<allocations>\n<queue name="a">\n<allowPreemptionFrom>no</allowPreemptionFrom>\n</queue>\n</allocations>')).toMatch(/fair-scheduler\.xml:3:1: allowPreemptionFrom: expected true or false, found 'no'/);
  });

  it('takes a root queue holding the others, with its own settings', () => {
    const file = allocation('<allocations><queue name="root"><minSharePreemptionTimeout>30</minSharePreemptionTimeout><queue name="a"/></queue></allocations>');
    expect(file.queues.map((q) => q.path)).toEqual(['root', 'root.a']);
    expect(fairPools(file, TOTAL).options).toMatchObject({ defaultMinSharePreemptionTimeout: 30 });
  });

  it('resolves percentages against the cluster, cuts maxAMShare to 1, and notes a parent\'s maxAMShare as not used (the documentation example has one)', () => {
    const file = allocation('<allocations><queue name="p"><maxAMShare>0.1</maxAMShare><queue name="c"><maxResources>50%</maxResources><maxAMShare>2</maxAMShare></queue></queue></allocations>');
    const { pools, notes } = fairPools(file, TOTAL);
    expect(pools).toEqual([
      { id: 'p', schedulingPolicy: 'fair' },
      { id: 'p.c', maxResources: { memory: '40960 MB', vcores: 40 }, schedulingPolicy: 'fair', maxAmShare: 1 },
    ]);
    expect(notes.join('\n')).toMatch(/maxAMShare of parent queue root\.p not used/);
    expect(notes.join('\n')).toMatch(/resolved against the cluster's total of 81920 MB, 80 vcores/);
  });

  it('reads policies by Hadoop class name and refuses a custom one', () => {
    const file = allocation('<allocations><queue name="a"><schedulingPolicy>org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.policies.DominantResourceFairnessPolicy</schedulingPolicy></queue></allocations>');
    expect(file.queues[0].fields.schedulingPolicy?.value).toBe('drf');
    expect(problemsOf('<allocations><queue name="a"><schedulingPolicy>com.example.Mine</schedulingPolicy></queue></allocations>')).toMatch(/expected fair, drf or fifo/);
  });
});
