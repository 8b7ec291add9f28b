import { describe, expect, it } from 'vitest';
import { inputErrorOf } from '../test-support/input-error.js';
import { runHistory } from './run-history.js';

const NODES = { source: 'nodes.csv', text: 'node,rack,map_slots,reduce_slots,speed\nslow,r1,2,2,1\nfast,r1,2,2,2\n' };
const HEADER = 'scheduler,seed,job_id,task_id,kind,attempt,node,start,end,status,locality\n';

describe('a previous run’s files as an execution database', () => {
  it('sums each job’s succeeded attempts, duration times the speed of the node they ran on, leaving failed and killed ones out', () => {
    const tasks = {
      source: 'tasks.csv',
      text:
        HEADER +
        'fifo,1,report-1,report-1_m_0,map,0,fast,0,10,succeeded,node\n' + // work 20
        'fifo,1,report-1,report-1_m_1,map,0,slow,0,30,failed,rack\n' +
        'fifo,1,report-1,report-1_m_1,map,1,slow,30,45,succeeded,off-rack\n' + // work 15
        'fifo,1,report-1,report-1_m_1,map,1,fast,31,40,killed,node\n' +
        'fifo,1,report-1,report-1_r_0,reduce,0,fast,45,95,succeeded,\n' + // work 100
        'fifo,1,"say ""hi"", bob",x_m_0,map,0,slow,1,4,succeeded,node\n', // work 3
    };
    expect(runHistory(tasks, NODES)).toEqual([
      { id: 'report-1', mapWork: 35, maps: 2, reduceWork: 100, reduces: 1 },
      { id: 'say "hi", bob', mapWork: 3, maps: 1, reduceWork: 0, reduces: 0 },
    ]);
  });

  it('refuses a missing column, an unknown kind or node, times that do not make a duration, naming the file, the line and the CSV column', () => {
    const missing = inputErrorOf(() => runHistory({ source: 'tasks.csv', text: 'job_id,kind,start,end\n' }, NODES));
    expect([missing.source, missing.problems]).toEqual(['tasks.csv', [{ path: '', line: 1, expected: 'a header with job_id, kind, node, start, end, status', found: 'no node, status' }]]);
    const bad = inputErrorOf(() =>
      runHistory(
        {
          source: 'run/tasks.csv',
          text: HEADER + 'fifo,1,a,a_m_0,setup,0,fast,0,1,succeeded,\n' + 'fifo,1,a,a_m_0,map,0,gone,0,1,succeeded,\n' + 'fifo,1,a,a_m_0,map,0,fast,5,1,succeeded,\n',
        },
        NODES,
      ),
    );
    expect(bad.source).toBe('run/tasks.csv');
    expect(bad.problems.map(({ path, line, expected, found }) => [path, line, expected, found])).toEqual([
      ['kind', 2, "'map' or 'reduce'", "'setup'"],
      ['node', 3, 'a node of nodes.csv', "'gone'"],
      ['end', 4, 'times with start ≤ end', "'5 to 1'"],
    ]);
    const speed = inputErrorOf(() => runHistory({ source: 'tasks.csv', text: HEADER }, { source: 'nodes.csv', text: 'node,speed\nn1,fast\n' }));
    expect([speed.source, speed.problems]).toEqual(['nodes.csv', [{ path: 'speed', line: 2, expected: 'a number > 0', found: "'fast'" }]]);
  });
});
