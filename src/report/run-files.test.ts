import { describe, expect, it } from 'vitest';
import { simulate } from '../sim/simulate.js';
import { createScheduler, fifoScheduler } from '../sched/index.js';
import { testScenario } from '../test-support/scenario.js';
import { tasksCsv, tasksCsvChunks } from './run-files.js';

describe('tasks.csv', () => {
  // One node, one map slot, heartbeats at 0, 1, …: map 0 runs 0 → 2.5, map 1 3 → 4.
  const scenario = testScenario({ nodes: [{ reduceSlots: 0 }], jobs: [{ id: 'a,"b"', maps: [{ work: 2.5 }, { work: 1 }] }] });
  const run = simulate(scenario, createScheduler(fifoScheduler, scenario), { alignHeartbeats: true });

  it('writes one row per attempt, quoting a job id (and the task ids made from it) that needs quotes', () => {
    expect(tasksCsv(run)).toBe(
      'job_id,task_id,kind,attempt,node,start,end,status,locality\n' +
        '"a,""b""","a,""b""_m_0",map,0,n0,0,2.5,succeeded,none\n' +
        '"a,""b""","a,""b""_m_1",map,0,n0,3,4,succeeded,none\n',
    );
  });

  it('comes in chunks, the header first', () => {
    expect([...tasksCsvChunks(run)]).toHaveLength(2);
  });
});
