import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliSession } from '../test-support/cli-session.js';
import { PAPER_EXPERIMENTS } from '../reproduce/index.js';
import { main } from './program.js';

const cli = cliSession();

describe('mrsched reproduce', () => {
  it('--list names every experiment with its paper', async () => {
    expect(await main(['reproduce', '--list'])).toBe(0);
    for (const experiment of PAPER_EXPERIMENTS) expect(cli.out).toMatch(new RegExp(`^${experiment.name} +${experiment.paper.slice(0, 12)}`, 'm'));
  });

  it("prints our figures beside the paper's with a verdict, and the notes of those that differ", async () => {
    expect(await main(['reproduce', 'tian-two-jobs-node-failed'])).toBe(0);
    expect(cli.out).toMatch(/^\[1\] UAAS makespan \(optimal\) +23\.5 +23\.5 +reproduced$/m);
    expect(cli.out).toMatch(/^\[3\] MK_JR makespan +43 +36 +differs$/m);
    expect(cli.out).toContain('3 of 6 figures reproduced, 3 differ (see the notes)');
    expect(cli.out).toMatch(/^ {2}\[3\] not reproducible in any consistent model/m);
  });

  it('shows the progress of the sweep an experiment runs, a line per cell when stderr is no terminal', async () => {
    expect(await main(['reproduce', 'tian-five-jobs-simulated', '--work', cli.dir, '--jobs', '1'])).toBe(0);
    expect(cli.err).toMatch(/^\[1\/2\] tian-five-jobs-batch · uaas · seed 1 \([0-9a-f]{16}\): done$/m);
    expect(cli.err).toMatch(/^\[2\/2\] tian-five-jobs-batch · mkjr · seed 1 \([0-9a-f]{16}\): done$/m);
  });

  it('prints JSON with a verdict on each figure', async () => {
    expect(await main(['reproduce', 'fischer-theorem-4-1', '--format', 'json'])).toBe(0);
    const [experiment] = JSON.parse(cli.out) as { name: string; figures: { paper: number; ours: number; verdict: string }[] }[];
    expect(experiment.name).toBe('fischer-theorem-4-1');
    expect(experiment.figures.map((f) => [f.paper, f.ours, f.verdict])).toEqual([
      [1, 1, 'reproduced'],
      [3, 3, 'reproduced'],
    ]);
  });

  it("runs a sweep's experiment at the replications asked for, printing the paper's intervals and each shared note once", async () => {
    expect(await main(['reproduce', 'rasooli-down-benchmarks', '--replications', '1', '--jobs', '1', '--work', cli.dir])).toBe(0);
    expect(readdirSync(join(cli.dir, 'rasooli-down', 'cells'))).toHaveLength(27); // 9 benchmarks × 3 schedulers × 1 seed
    expect(cli.out).toMatch(/^\[5\] BM1,1 fifo: Fairness \(Table 6\) +\(14\.88, 15\.05\) +[\d.]+ +differs$/m);
    expect(cli.out).toMatch(/^ {2}\[5–31\] our Fairness is about twice the paper's/m);
    // The counts made from the paper's claims stand in a column of their own, the paper's column empty.
    expect(cli.out).toMatch(/^figure +paper +counted from the paper +ours +verdict$/m);
    // One seed gives no paired interval: no benchmark is counted.
    expect(cli.out).toMatch(/^\[3\] benchmarks where adaptive has the lowest min-share dissatisfaction, paired 95% intervals below fifo’s and fair’s \(§7, the lost Figures 4–6\) +9 +0 +differs$/m);
  });

  it("--sensitivity: DMRS's claim map at 2 replications, each claim's region in a sentence and a marked table per cluster, written as claim-map.csv and claim-map.html", async () => {
    expect(await main(['reproduce', 'dmrs-e1-e4', '--sensitivity', '--replications', '2', '--jobs', '1', '--work', cli.dir])).toBe(0);
    const dir = join(cli.dir, 'dmrs-sensitivity');
    expect(readdirSync(join(dir, 'cells'))).toHaveLength(3 * 4 * 4 * 4 * 2); // clusters × ratios × intervals × schedulers × seeds
    expect(cli.out).toContain('claim 1: dmrs’s total weighted completion time is lower than fifo’s\n');
    // At a speed ratio of 1 dmrs and the identical-machine baseline plan alike: never a claim that holds there.
    expect(cli.out).toMatch(/^claim 2: .*\n {2}(holds|ties) at \d+ of 48 cells/m);
    expect(cli.out).toMatch(/^machines = 16\nspeed ratio \\ release interval, s +0 +300 +600 +1200$/m);
    expect(cli.out).toMatch(/^1 +[~✗?] .*$/m);
    expect(cli.err).toContain(`wrote ${join(dir, 'claim-map.csv')}, ${join(dir, 'claim-map.html')}`);
    const csv = readFileSync(join(dir, 'claim-map.csv'), 'utf8').trim().split('\n');
    expect(csv).toHaveLength(1 + 2 * 48);
    expect(readFileSync(join(dir, 'claim-map.html'), 'utf8').match(/<svg /g)).toHaveLength(2 * 3); // a grid per claim and cluster
    // Rerun, it resumes: no cell runs again, and the map is the same.
    const first = cli.out;
    cli.clearOutput();
    expect(await main(['reproduce', 'dmrs-e1-e4', '--sensitivity', '--replications', '2', '--jobs', '1', '--work', cli.dir])).toBe(0);
    expect(cli.out).toBe(first);
    expect(cli.err).not.toContain('done');
  });

  it('--sensitivity refuses an experiment without a claim map, naming those with one, and a single replication', async () => {
    expect(await main(['reproduce', 'fischer-theorem-4-1', '--sensitivity', '--replications', '1'])).toBe(2);
    expect(cli.err).toContain("--sensitivity: expected an experiment with a claim map (one of ");
    expect(cli.err).toContain("found 'fischer-theorem-4-1'");
    expect(cli.err).toContain('--replications: expected at least 2 with --sensitivity (a paired interval needs two seeds), found 1');
  });

  it('refuses a replication count that is not a whole number ≥ 1', async () => {
    expect(await main(['reproduce', 'rasooli-down-benchmarks', '--replications', '0'])).toBe(2);
    expect(cli.err).toContain('expected a whole number from 1 to 10,000');
  });

  it('refuses a name it does not know, listing the ones it does', async () => {
    expect(await main(['reproduce', 'tian'])).toBe(2);
    expect(cli.err).toContain("expected an experiment's name (one of tian-five-jobs, ");
    expect(await main(['reproduce'])).toBe(2);
    expect(cli.err).toContain('--list or --all, found nothing');
  });
});
