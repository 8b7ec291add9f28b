/**
 * Scheduler processes end to end, with a process in plain Node
 * (`test-support/scripted-process.mjs`): one that schedules passes the
 * conformance check; one that answers wrongly fails the run with an error
 * naming the message and the field.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runSweep } from '../../sweep/run-sweep.js';
import { parseSweepSpecText } from '../../sweep/sweep-spec.js';
import { outputsOf, TINY_SPEC } from '../../sweep/test-support/sweep-files.js';
import { checkSchedulerConformance } from '../../experiment/conformance.js';
import { runScenario } from '../../experiment/run-scenario.js';
import { builtinSchedulers, PolicyError } from '../../sched/index.js';
import { testScenario } from '../../test-support/scenario.js';
import { processScheduler, registryWithProcesses } from './scheduler-processes.js';

const SCRIPT = fileURLToPath(new URL('./test-support/scripted-process.mjs', import.meta.url));
const command = (mode: string) => `"${process.execPath}" "${SCRIPT}" ${mode}`;

/** Two nodes, two jobs of two maps and a reduce. */
const scenario = testScenario({
  nodes: [{}, {}],
  jobs: [
    { submit: 0.5, maps: [{ work: 3 }, { work: 2 }], reduces: [{ work: 1 }] },
    { submit: 1.5, maps: [{ work: 1 }, { work: 4 }], reduces: [{ work: 2 }] },
  ],
});

/** The error running `scenario` under the process in `mode` throws. */
function runError(mode: string): Error {
  const { registry, names } = registryWithProcesses(builtinSchedulers(), [command(mode)]);
  try {
    runScenario(scenario, names[0], { registry, alignHeartbeats: true });
  } catch (error) {
    return error as Error;
  }
  throw new Error(`the process in mode ${mode} ran without an error`);
}

describe('a scheduler process', () => {
  it('runs every job of a run to its end, under the name it says in its hello', () => {
    const { registry, names } = registryWithProcesses(builtinSchedulers(), [command('greedy')]);
    expect(names).toEqual(['scripted']);
    expect(registry.get('scripted').summary).toBe('a test process');
    const { run } = runScenario(scenario, 'scripted', { registry });
    expect(run.scheduler).toBe('scripted');
    expect(run.jobs.map((job) => job.status)).toEqual(['succeeded', 'succeeded']);
    expect(run.attempts.count).toBe(6);
  });

  it('passes the conformance check, the one every built-in scheduler passes', () => {
    const report = checkSchedulerConformance(processScheduler(command('greedy')), { scenarios: 40 });
    expect(report.failures.map((failure) => `#${failure.index}: ${failure.problems.join('; ')}`)).toEqual([]);
  });

  it('runs in a sweep, whose spec names it by the name it gives', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mrsched-process-sweep-'));
    const text = TINY_SPEC.replace('schedulers: [fifo, fair+locality]', 'schedulers: [fifo, scripted]');
    const spec = { ...parseSweepSpecText(text, join(dir, 'spec.yaml')), schedulerProcesses: [command('greedy')] };
    const summary = await runSweep(spec, { out: join(dir, 'out'), jobs: 1 });
    expect(summary).toMatchObject({ cells: 8, ran: 8, failed: 0 });
    expect(outputsOf(join(dir, 'out'))['results.csv']).toMatch(/^[0-9a-f]{16},tiny,0\.05,scripted,1,succeeded,scripted,false,/m);
  });

  it.each([
    ['not-json', 'the answer to the offer of node 0 at 1 s: expected one line of JSON, found "launch everything"'],
    ['no-type', "the answer to the offer of node 0 at 1 s, field type: expected 'decisions' or 'findMap' or 'findReduce' or 'mayBackUp', found none"],
    ['bad-task', 'the answer to the offer of node 0 at 1 s, field decisions[0].task: expected a task index (a whole number ≥ 0), found -1'],
    ['bad-kind', "the answer to the offer of node 0 at 1 s, field decisions[0].kind: expected 'map' or 'reduce', found \"shuffle\""],
    ['unknown-job', 'a decision on map 0, field job: expected the index of an active job (submitted, not finished), found 99'],
    ['launch-on-event', "the answer to events at 0.5 s, field decisions[0].do: expected 'kill' or 'wake' (tasks launch only in answer to an offer), found \"launch\""],
    ['bad-level', "a findMap look-up in the answer to the offer of node 0 at 1 s, field level: expected 'node', 'rack' or 'off-rack', found \"anywhere\""],
    ['exit', 'the answer to the offer of node 0 at 1 s: expected one line of JSON, found none: the process exited with code 3'],
  ])('that answers wrongly (%s) fails the run, naming the message and the field', (mode, problem) => {
    const error = runError(mode);
    expect(error).toBeInstanceOf(PolicyError);
    expect(error.message).toContain(`scheduler process 'scripted' sent a bad message: ${problem}`);
  });

  it('whose decision the port refuses fails the run as any policy does, naming it', () => {
    expect(runError('wake-in-past').message).toMatch(/^scheduler 'scripted' made an invalid decision: wakeAt\(-0\.5\): a wake must be at a finite time no earlier than now \(0\.5\)/);
  });

  it('that speaks another protocol version is refused at its hello', () => {
    expect(() => processScheduler(command('old-protocol'))).toThrow(
      /sent a bad message: the answer to hello, field protocol: expected protocol version 1 \(this mrsched speaks no other\), found 0/,
    );
  });

  it('that cannot start is named by its command', () => {
    expect(() => processScheduler('exit 127')).toThrow("scheduler process 'exit 127' sent a bad message: the answer to hello: expected one line of JSON, found none: the process exited with code 127");
  });
});
