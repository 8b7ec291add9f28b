import { describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cliSession } from '../test-support/cli-session.js';
import { main } from './program.js';

const cli = cliSession();

// One node running one map at a time; two jobs of one 64 MB map each, at 0 s. Read once from disk both look alike;
// the earlier runs of `long-` took 100 s a map, those of `short-` 10 s.
const SCENARIO = `
name: history
cluster:
  racks:
    - id: rack1
      uplinkBandwidth: 10 Gbps
      nodes:
        - { id: n1, mapSlots: 1, reduceSlots: 1, speed: 1, diskReadRate: 100 MB/s, bandwidth: 1 Gbps }
storage: { blockSize: 64 MB, replication: 1 }
jobs:
  - { id: long-2, user: a, mapTasks: [{ inputBytes: 64 MB, replicas: [n1], work: 100 }] }
  - { id: short-2, user: a, mapTasks: [{ inputBytes: 64 MB, replicas: [n1], work: 10 }] }
`;
const TASKS = 'scheduler,seed,job_id,task_id,kind,attempt,node,start,end,status,locality\nfifo,1,long-1,long-1_m_0,map,0,n1,0,100,succeeded,node\nfifo,1,short-1,short-1_m_0,map,0,n1,100,110,succeeded,node\n';
const NODES = 'node,rack,map_slots,reduce_slots,speed\nn1,rack1,1,1,1\n';

/** Each job's first start in the run written to `out`, by job id. */
function firstStarts(out: string): Record<string, number> {
  const [header, ...rows] = readFileSync(join(out, 'jobs.csv'), 'utf8').trim().split('\n');
  const columns = header.split(',');
  return Object.fromEntries(rows.map((row) => row.split(',')).map((fields) => [fields[columns.indexOf('job_id')], Number(fields[columns.indexOf('first_start')])]));
}

describe('simulate --history', () => {
  it('lets dmrs order a new job by the earlier runs of its recurring job', async () => {
    const scenario = cli.file('history.yaml', SCENARIO);
    mkdirSync(join(cli.dir, 'earlier'));
    cli.file('earlier/tasks.csv', TASKS);
    cli.file('earlier/nodes.csv', NODES);
    expect(await main(['simulate', scenario, '-s', 'dmrs', '-q', '--out', join(cli.dir, 'without')])).toBe(0);
    expect(await main(['simulate', scenario, '-s', 'dmrs', '-q', '--history', join(cli.dir, 'earlier'), '--out', join(cli.dir, 'with')])).toBe(0);
    // Without a history the two look alike and the first submitted goes first; with it, the short one.
    const without = firstStarts(join(cli.dir, 'without'));
    const withHistory = firstStarts(join(cli.dir, 'with'));
    expect(without['long-2']).toBeLessThan(without['short-2']);
    expect(withHistory['short-2']).toBeLessThan(withHistory['long-2']);
  });

  it('refuses a folder without a run’s files, naming the file (exit 2)', async () => {
    const scenario = cli.file('history.yaml', SCENARIO);
    expect(await main(['simulate', scenario, '-s', 'dmrs', '--history', join(cli.dir, 'nothing')])).toBe(2);
    expect(cli.err).toContain(join(cli.dir, 'nothing', 'tasks.csv'));
  });
});
