import { describe, expect, it } from 'vitest';
import { runScenario } from '../experiment/run-scenario.js';
import { parseScenarioText } from '../input/load-scenario.js';
import { cliSession } from '../test-support/cli-session.js';
import { TRACES } from '../test-support/traces.js';
import { importRumen } from '../workloads/rumen/index.js';
import { importSls } from '../workloads/sls/index.js';
import { main } from './program.js';

const cli = cliSession();

interface ReplayJson {
  scheduler: string;
  notes: string[];
  jobs: { id: string; recorded: { start: number; end: number }; simulated: { start: number; end: number }; endError: number; endRelative: number }[];
  tasks: { kind: string; task: number; recorded: { start: number; end: number }; simulated: { start: number; end: number }; durationError: number }[];
  summary: { jobEndRelative: { n: number; mean: number; max: number } };
}

/** The simulated end of each job, from a run of the imported scenario made here, apart from the command. */
async function simulatedEnds(imported: Awaited<ReturnType<typeof importRumen>>): Promise<(number | null)[]> {
  const scenario = parseScenarioText(JSON.stringify(imported.scenario), 'imported');
  return runScenario(scenario, 'fifo').run.jobs.map((job) => job.end);
}

describe('mrsched replay-check', () => {
  it("measures the WordCount job's end against its recorded end, relative to its recorded duration", async () => {
    const report = JSON.parse(await cli.run('replay-check', TRACES.rumenWordcount, '--format', 'json')) as ReplayJson;
    const [simulatedEnd] = await simulatedEnds(await importRumen(TRACES.rumenWordcount));
    // Recorded: submitTime 1285322645148, finishTime 1285322675837 → end 30.689 s = the duration;
    // first task (map 0's attempt) at 1285322651366 → 6.218 s.
    const [job] = report.jobs;
    expect(job.recorded.start).toBeCloseTo(6.218, 9);
    expect(job.recorded.end).toBeCloseTo(30.689, 9);
    expect(job.simulated.end).toBe(simulatedEnd);
    expect(job.endError).toBeCloseTo((simulatedEnd ?? NaN) - 30.689, 9);
    expect(job.endRelative).toBeCloseTo(((simulatedEnd ?? NaN) - 30.689) / 30.689, 9);
    expect(report.summary.jobEndRelative).toMatchObject({ n: 1, max: Math.abs(job.endRelative) });
    // Maps replay their recorded durations exactly: map 2's attempt 1285322660807 → 1285322664865 (15.659 → 19.717 s).
    const maps = report.tasks.filter((t) => t.kind === 'map');
    expect(maps[2].recorded).toEqual({ start: 15.659, end: 19.717 });
    for (const map of maps) expect(map.durationError).toBeCloseTo(0, 9);
    expect(report.notes).toContain('job overheads job_201009241532_0001: startup 6.218 s, commit 5.078 s (setup task 3.057 s, cleanup task 3.006 s)');
  });

  it("replays the WordCount job within 10 % of its recorded duration with its recorded setup and commit, and not without", async () => {
    const report = JSON.parse(await cli.run('replay-check', TRACES.rumenWordcount, '--format', 'json')) as ReplayJson;
    const [job] = report.jobs;
    // Setup 6.218 s (first attempt start − submitTime): the first launch is at the node's next 3 s heartbeat.
    expect(job.simulated.start).toBeGreaterThanOrEqual(6.218);
    expect(job.simulated.start).toBeLessThan(6.218 + 3);
    // Commit: finishTime 1285322675837 − the reduce's end 1285322670759 = 5.078 s after the last task.
    expect(job.simulated.end - Math.max(...report.tasks.map((t) => t.simulated.end))).toBeCloseTo(5.078, 9);
    expect(Math.abs(job.endRelative)).toBeLessThan(0.1);

    const without = JSON.parse(await cli.run('replay-check', TRACES.rumenWordcount, '--option', 'overheads=none', '--format', 'json')) as ReplayJson;
    const [bare] = without.jobs;
    // No setup: the first launch is at the first heartbeat; no commit: the job ends with its last task.
    expect(bare.simulated.start).toBeLessThan(3);
    expect(bare.simulated.end).toBeCloseTo(Math.max(...without.tasks.map((t) => t.simulated.end)), 9);
    expect(bare.endRelative).toBeLessThan(-0.1);
  });

  it('prints the summary, the jobs and the tasks as labelled tables; --no-tasks leaves the tasks out', async () => {
    const text = await cli.run('replay-check', TRACES.rumenWordcount);
    expect(text).toMatch(/^Summary: absolute errors, simulated against recorded$/m);
    expect(text).toMatch(/^job end, % of recorded duration \(end − submit\) +1 +\d+\.\d %/m);
    expect(text).toMatch(/^job_201009241532_0001 +0\.0 s +6\.2 s +30\.7 s /m);
    expect(text).toMatch(/^job_201009241532_0001 +map 2 +15\.7 s +19\.7 s /m);
    expect(await cli.run('replay-check', TRACES.rumenWordcount, '--no-tasks')).not.toMatch(/^Tasks:/m);
  });

  it("checks an SLS trace against job.end.ms and each container's times", async () => {
    const report = JSON.parse(
      await cli.run('replay-check', TRACES.slsJobs, '--trace-format', 'sls', '--option', `topology=${TRACES.slsTopology}`, '--format', 'json'),
    ) as ReplayJson;
    const scenario = parseScenarioText(JSON.stringify((await importSls(TRACES.slsJobs, { topology: TRACES.slsTopology })).scenario), 'sls');
    const ends = runScenario(scenario, 'fifo').run.jobs.map((job) => job.end ?? NaN);
    // job_1: start 0, end 95375 ms → 95.375 s; job_2: start 105204, end 197256 → duration 92.052 s, end 197.256 − 0.
    expect(report.jobs.map((j) => j.recorded.end)).toEqual([95.375, 197.256]);
    expect(report.jobs[0].endRelative).toBeCloseTo((ends[0] - 95.375) / 95.375, 9);
    expect(report.jobs[1].endRelative).toBeCloseTo((ends[1] - 197.256) / 92.052, 9);
  });

  it('replays SLS job_2 within 10 % with its recorded setup and commit; job_1, whose third map the trace starts 45 s late, not', async () => {
    const report = JSON.parse(
      await cli.run('replay-check', TRACES.slsJobs, '--trace-format', 'sls', '--option', `topology=${TRACES.slsTopology}`, '--format', 'json'),
    ) as ReplayJson;
    // Free containers for every map, 1 s heartbeats: each job's maps start within 1 s of its setup's end and
    // the job ends its commit after its longest map.
    // job_2: 105.204 + 6.584 (setup) + 22.163 + 63.271 (commit) = 197.222 s + [0, 1), recorded 197.256 of 92.052.
    const [job1, job2] = report.jobs;
    expect(job2.endRelative).toBeGreaterThanOrEqual((197.222 - 197.256) / 92.052 - 1e-9);
    expect(job2.endRelative).toBeLessThan((198.222 - 197.256) / 92.052);
    expect(Math.abs(job2.endRelative)).toBeLessThan(0.1);
    // job_1: 6.664 + 17.843 + 8.762 = 33.269 s + [0, 1), recorded 95.375: its third map started at 68.770 s,
    // 45 s after the others ended, which the replay does not reproduce.
    expect(job1.endRelative).toBeGreaterThanOrEqual((33.269 - 95.375) / 95.375 - 1e-9);
    expect(job1.endRelative).toBeLessThan((34.269 - 95.375) / 95.375);
  });

  it('refuses bad input, naming the file, the field or the option, and exits 2', async () => {
    expect(await main(['replay-check', 'no-such-trace.json'])).toBe(2);
    expect(cli.err).toMatch(/no-such-trace\.json/);
    cli.clearOutput();
    const broken = cli.file('broken.json', '{ "jobID": "job_1", "submitTime": "soon", "mapTasks": [] }\n');
    expect(await main(['replay-check', broken])).toBe(2);
    expect(cli.err).toMatch(/broken\.json.*submitTime: expected a number ≥ 0 \(or -1 when unknown\), found 'soon'/);
    cli.clearOutput();
    expect(await main(['replay-check', cli.file('empty.json', '')])).toBe(2);
    expect(cli.err).toMatch(/empty\.json.*expected at least one job that can be simulated/);
    cli.clearOutput();
    expect(await main(['replay-check', TRACES.rumenWordcount, '--trace-format', 'swim'])).toBe(2);
    expect(cli.err).toMatch(/'swim' is invalid.*rumen, sls/);
    cli.clearOutput();
    expect(await main(['replay-check', TRACES.rumenWordcount, '--option', 'mapSlots=-1'])).toBe(2);
    expect(cli.err).toMatch(/mapSlots: expected 'inferred' or an integer ≥ 1, found -1/);
    cli.clearOutput();
    expect(await main(['replay-check', TRACES.rumenWordcount, '--scheduler', 'nope'])).toBe(2);
    expect(cli.err).toMatch(/nope/);
  });
});
