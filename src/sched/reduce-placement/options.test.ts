import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { inputErrorOf } from '../../test-support/input-error.js';
import { cliSession } from '../../test-support/cli-session.js';
import { main } from '../../cli/program.js';
import { parseSchedulerOptions } from '../scheduler-options.js';
import { greedyReducePlacement, randomReducePlacement, rhcReducePlacement } from './index.js';
import { countsContention, maxDelay } from './options.js';

const greedy = (options: unknown) => parseSchedulerOptions(greedyReducePlacement, options === undefined ? {} : { greedy: options });
const random = (options: unknown) => parseSchedulerOptions(randomReducePlacement, { random: options });
const rhc = (options: unknown) => parseSchedulerOptions(rhcReducePlacement, { rhc: options });
const heartbeat = { heartbeatInterval: 3 };

function problemsOf(read: () => unknown) {
  const error = inputErrorOf(read);
  expect(error.source).toBe('schedulerOptions');
  return error.problems.map((p) => `${p.path}: expected ${p.expected}, found ${p.found}`);
}

describe('fetch-cost placement options', () => {
  it('wait two heartbeat intervals, tolerate 1% and count hops by default; rhc averages over 100 jobs', () => {
    // Heartbeat every 3 s: 2 × 3 = 6 s.
    expect(greedy(undefined)).toEqual({ tolerance: 0.01, weighting: 'hops' });
    expect(maxDelay(greedy(undefined), heartbeat)).toBe(6);
    expect(rhc({})).toEqual({ tolerance: 0.01, weighting: 'hops', window: 100 });
  });

  it('read durations with units, a tolerance and a weighting', () => {
    const options = random({ maxDelay: '500 ms', tolerance: 0, weighting: 'bandwidth' });
    expect(options).toEqual({ maxDelay: 0.5, tolerance: 0, weighting: 'bandwidth' });
    expect(maxDelay(options, heartbeat)).toBe(0.5);
  });

  it('count the fetches sharing the links as the run network does, unless told', () => {
    const options = greedy({});
    expect(countsContention(options, { network: 'max-min' })).toBe(true);
    expect(countsContention(options, { network: 'isolated' })).toBe(false);
    expect(countsContention(greedy({ contention: false }), { network: 'max-min' })).toBe(false);
    expect(countsContention(greedy({ contention: true }), { network: 'isolated' })).toBe(true);
  });

  it('name every bad field: a negative or unreadable wait, a tolerance above 1, an unknown weighting or option', () => {
    const problems = problemsOf(() => greedy({ maxDelay: -1, tolerance: 2, weighting: 'latency', contention: 'yes', window: 5 }));
    expect(problems).toEqual([
      "schedulerOptions.greedy.maxDelay: expected a duration ≥ 0 (seconds, or like '6 s'), found -1",
      'schedulerOptions.greedy.tolerance: expected a fraction from 0 to 1, found 2',
      "schedulerOptions.greedy.weighting: expected 'hops' or 'bandwidth', found 'latency'",
      "schedulerOptions.greedy.contention: expected true or false, found 'yes'",
      "schedulerOptions.greedy.window: expected one of the options maxDelay, tolerance, weighting, contention, found unknown option 'window'",
    ]);
    expect(problemsOf(() => random({ maxDelay: '5 parsecs' }))[0]).toMatch(/^schedulerOptions\.random\.maxDelay: /);
    expect(problemsOf(() => random([1, 2]))).toEqual([
      'schedulerOptions.random: expected a mapping of options (maxDelay, tolerance, weighting, contention), found a list of 2',
    ]);
  });

  it('refuse an rhc window that is not a whole number from 1 to a million', () => {
    for (const window of [0, 2.5, 1e12]) {
      expect(problemsOf(() => rhc({ window }))).toEqual([`schedulerOptions.rhc.window: expected a whole number of jobs from 1 to 1,000,000, found ${window}`]);
    }
  });
});

describe('bad fetch-cost placement options on the command line', () => {
  const cli = cliSession();
  const tiny = fileURLToPath(new URL('../../../examples/tiny.yaml', import.meta.url));

  it.each([
    ['simulate', '-s', 'fifo+greedy'],
    ['compare', '--schedulers', 'fair+rhc'],
    ['validate'],
  ])('exit 2 naming the field (%s)', async (command, ...args) => {
    const bad = cli.file('bad.yaml', readFileSync(tiny, 'utf8') + '\nschedulerOptions:\n  greedy: { maxDelay: -3 }\n  rhc: { window: 0 }\n');
    expect(await main([command, bad, ...args])).toBe(2);
    const field = command === 'compare' ? 'schedulerOptions.rhc.window' : 'schedulerOptions.greedy.maxDelay';
    expect(cli.err).toContain(field);
    expect(cli.err).not.toMatch(/\n\s+at .*\.(js|ts):\d+/);
  });
});
