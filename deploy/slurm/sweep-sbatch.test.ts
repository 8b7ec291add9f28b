// deploy/slurm/sweep.sbatch run for real (`npm run test:slurm`, not part of
// `npm test`): a single-node Slurm cluster is started for the test (munged,
// slurmctld and slurmd in the foreground, as root, from a generated config
// and munge key in a temporary directory, on ports of their own), the script
// submits a 3-task job array and its dependent merge job, and the merged
// tables must equal a sweep run on one machine, byte for byte.
//
// Needs Debian's packages: apt-get install slurm-wlm munge (docs/sweeps.md).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompiledCli, REPOSITORY, runCli } from '../../src/test-support/compiled-cli.js';
import { outputsOf, TINY_SPEC } from '../../src/sweep/test-support/sweep-files.js';

const DAEMONS = ['munged', 'slurmctld', 'slurmd', 'sbatch', 'squeue', 'sinfo'];
const dir = mkdtempSync(join(tmpdir(), 'mrsched-slurm-'));
const conf = join(dir, 'slurm.conf');
const env = { ...process.env, SLURM_CONF: conf };
const daemons: ChildProcess[] = [];
let main = '';

/** A free TCP port on this machine. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function start(command: string, args: readonly string[], log: string): void {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => (output += chunk.toString());
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  child.on('close', () => writeFileSync(join(dir, log), output));
  daemons.push(child);
}

async function until(what: string, check: () => boolean, seconds: number): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${seconds} s waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const slurm = (command: string, args: readonly string[]) => execFileSync(command, args, { env, encoding: 'utf8' });

beforeAll(async () => {
  const missing = DAEMONS.filter((command) => {
    try {
      execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
      return false;
    } catch {
      return true;
    }
  });
  if (missing.length > 0) throw new Error(`not installed: ${missing.join(', ')} (apt-get install slurm-wlm munge)`);
  if (process.getuid?.() !== 0) throw new Error('the test starts slurmd, which runs jobs as their users: run it as root');
  main = buildCompiledCli();
  for (const sub of ['munge', 'state', 'spool']) mkdirSync(join(dir, sub), { mode: 0o700 });
  const key = join(dir, 'munge', 'munge.key');
  execFileSync('mungekey', ['--create', `--keyfile=${key}`]);
  const socket = join(dir, 'munge', 'munge.socket');
  start('munged', ['--foreground', '--force', `--key-file=${key}`, `--socket=${socket}`, `--pid-file=${join(dir, 'munge', 'munged.pid')}`, `--seed-file=${join(dir, 'munge', 'seed')}`, `--log-file=${join(dir, 'munged.log')}`], 'munged.out');
  await until('the munge socket', () => existsSync(socket), 20);
  const node = hostname().split('.')[0];
  const [controllerPort, nodePort] = [await freePort(), await freePort()];
  writeFileSync(
    conf,
    [
      'ClusterName=mrschedtest',
      `SlurmctldHost=${node}(127.0.0.1)`,
      'AuthType=auth/munge',
      'CredType=cred/munge',
      `AuthInfo=socket=${socket}`,
      'SlurmUser=root',
      'SlurmdUser=root',
      `SlurmctldPort=${controllerPort}`,
      `SlurmdPort=${nodePort}`,
      `StateSaveLocation=${join(dir, 'state')}`,
      `SlurmdSpoolDir=${join(dir, 'spool')}`,
      `SlurmctldPidFile=${join(dir, 'slurmctld.pid')}`,
      `SlurmdPidFile=${join(dir, 'slurmd.pid')}`,
      'ProctrackType=proctrack/linuxproc',
      'TaskPlugin=task/none',
      'SelectType=select/cons_tres',
      'SelectTypeParameters=CR_Core',
      'SchedulerType=sched/backfill',
      'ReturnToService=2',
      'MpiDefault=none',
      'JobAcctGatherType=jobacct_gather/none',
      'AccountingStorageType=accounting_storage/none',
      `NodeName=${node} NodeAddr=127.0.0.1 CPUs=${availableParallelism()} State=UNKNOWN`,
      'PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP',
      '',
    ].join('\n'),
  );
  // -i: ignore any state a crashed run left; both in the foreground (-D) as children of the test.
  start('slurmctld', ['-D', '-i', '-f', conf], 'slurmctld.out');
  start('slurmd', ['-D', '-f', conf], 'slurmd.out');
  await until('the node to be idle', () => {
    try {
      return slurm('sinfo', ['-h', '-o', '%T']).trim() === 'idle';
    } catch {
      return false;
    }
  }, 60);
});

afterAll(async () => {
  for (const child of daemons.reverse()) {
    child.kill('SIGTERM');
    if (child.exitCode === null) await new Promise((resolve) => child.once('close', resolve));
  }
  rmSync(dir, { recursive: true, force: true });
});

describe('deploy/slurm/sweep.sbatch on a single-node Slurm', () => {
  it('runs the shards as a job array and the merge after them, and the merged tables equal one machine’s run byte for byte', async () => {
    const spec = join(dir, 'spec.yaml');
    writeFileSync(spec, TINY_SPEC);
    const out = join(dir, 'sweep');
    const submitted = execFileSync('bash', [join(REPOSITORY, 'deploy', 'slurm', 'sweep.sbatch'), spec, out, '3'], {
      env: { ...env, MRSCHED: `${process.execPath} ${main}`, CPUS_PER_SHARD: '1' },
      encoding: 'utf8',
    });
    expect(submitted).toMatch(/^submitted the shards as job array \d+ and the merge as job \d+$/m);
    await until('the jobs to leave the queue', () => slurm('squeue', ['-h']).trim() === '', 240);
    const logs = readdirSync(join(out, 'logs')).sort();
    expect(logs).toEqual(['merge.log', 'shard-0.log', 'shard-1.log', 'shard-2.log']);
    expect(readFileSync(join(out, 'logs', 'shard-1.log'), 'utf8')).toContain('sweep tiny-grid, shard 1/3: 3 of 8 cells: 3 run now');
    expect(readFileSync(join(out, 'logs', 'merge.log'), 'utf8')).toContain('merged 3 directories: 8 cells');
    const single = await runCli(main, ['sweep', spec, '--out', join(dir, 'single'), '--jobs', '1']);
    expect(single.status).toBe(0);
    expect(outputsOf(out)).toEqual(outputsOf(join(dir, 'single')));
  });
});
