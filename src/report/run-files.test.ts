import { describe, expect, it } from 'vitest';
import { simulate } from '../sim/simulate.js';
import { createScheduler, fifoScheduler } from '../sched/index.js';
import { testScenario } from '../test-support/scenario.js';
import { jobsCsv, nodesCsv, runFiles, tasksCsv, tasksCsvChunks } from './run-files.js';
import { parseScenarioText } from '../input/load-scenario.js';
import { computeMetrics } from '../metrics/index.js';

describe('tasks.csv', () => {
  // One node, one map slot, heartbeats at 0, 1, …: map 0 runs 0 → 2.5, map 1 3 → 4.
  const scenario = testScenario({ nodes: [{ reduceSlots: 0 }], jobs: [{ id: 'a,"b"', maps: [{ work: 2.5 }, { work: 1 }] }] });
  const run = simulate(scenario, createScheduler(fifoScheduler, scenario), { alignHeartbeats: true });

  it('writes one row per attempt, quoting a job id (and the task ids made from it) that needs quotes', () => {
    expect(tasksCsv(run)).toBe(
      'scheduler,seed,job_id,task_id,kind,attempt,node,start,end,status,locality\n' +
        'fifo,1,"a,""b""","a,""b""_m_0",map,0,n0,0,2.5,succeeded,none\n' +
        'fifo,1,"a,""b""","a,""b""_m_1",map,0,n0,3,4,succeeded,none\n',
    );
  });

  it('comes in chunks, the header first', () => {
    expect([...tasksCsvChunks(run)]).toHaveLength(2);
  });
});

describe('jobs.csv', () => {
  // One map slot: a runs 0 → 2.5; b, submitted at 1, waits for the slot until the heartbeat at 3.
  const scenario = testScenario({ nodes: [{ reduceSlots: 0 }], jobs: [{ id: 'a', maps: [{ work: 2.5 }] }, { id: 'b', submit: 1, maps: [{ work: 1 }] }] });
  const run = simulate(scenario, createScheduler(fifoScheduler, scenario), { alignHeartbeats: true });

  it("starts each row with the run's scheduler and seed, and gives each job's wait for its first task", () => {
    expect(jobsCsv(run)).toBe(
      'scheduler,seed,job_id,user,pool,weight,submit,first_start,wait,maps_done,end,status\n' +
        'fifo,1,a,u,u,1,0,0,0,2.5,2.5,succeeded\n' +
        'fifo,1,b,u,u,1,1,3,2,4,4,succeeded\n',
    );
  });
});

describe('a YARN resource cluster', () => {
  // One node of 4 GB and 4 vcores, heartbeats at 0, 1, …: the AM (1 GB, 1 vcore) at 0, the map (2 GB, 1 vcore) 1 → 11.
  const scenario = parseScenarioText(
    `
cluster: { racks: [{ id: r1, nodes: [{ id: n, memory: 4 GB, vcores: 4 }] }] }
jobs: [{ id: j, maps: 1, mapTime: 10 s, mapContainer: { memory: 2 GB, vcores: 1 } }]
settings: { yarn: { amContainer: { memory: 1 GB, vcores: 1 }, maxAmShare: 1 } }
`,
    'one-node.yaml',
  );
  const run = simulate(scenario, createScheduler(fifoScheduler, scenario), { alignHeartbeats: true });

  it("gives each node's memory (MiB) and vcores in nodes.csv", () => {
    expect(nodesCsv(run)).toBe('node,rack,map_slots,reduce_slots,speed,memory_mb,vcores\nn,r1,4,4,1,4096,4\n');
  });

  it('writes each AM container, with its size, to applicationMasters.csv', () => {
    expect(runFiles(run, computeMetrics(run))['applicationMasters.csv']).toBe('scheduler,seed,job_id,node,start,end,memory_mb,vcores\nfifo,1,j,n,0,11,1024,1\n');
  });
});
