import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import YAML from 'yaml';
import { parseScenarioText } from '../../input/load-scenario.js';
import type { Scenario } from '../../model/scenario.js';
import { createScheduler, fifoScheduler } from '../../sched/index.js';
import { checkRunInvariants } from '../../sim/invariants.js';
import { simulate } from '../../sim/simulate.js';
import type { ImportResult } from '../import-result.js';
import { importSwim } from './import-swim.js';
import { inputErrorFrom } from '../../test-support/input-error.js';
import { TRACES } from '../../test-support/traces.js';

const FIRST50 = TRACES.swimFirst50;
const DAY = TRACES.swimDay;
const MiB = 2 ** 20;

function jobOf(result: ImportResult, id: string) {
  const job = result.scenario.jobs?.find((j) => j.id === id);
  if (job === undefined) throw new Error(`no job ${id}`);
  return job;
}

function roundTrip(result: ImportResult, source: string): Scenario {
  return parseScenarioText(YAML.stringify(result.scenario), source);
}

function taskCounts(scenario: Scenario) {
  let maps = 0;
  let reduces = 0;
  for (const job of scenario.jobs) {
    maps += job.maps.length;
    reduces += job.reduces.length;
  }
  return { maps, reduces };
}

describe('importSwim: the first 50 jobs of the Facebook 2009 day', () => {
  let result: ImportResult;
  let resolved: Scenario;
  beforeAll(async () => {
    result = await importSwim(FIRST50, {});
    resolved = roundTrip(result, 'first50.yaml');
  });

  it('makes one job per line, in file order, id from column 1 and submit time from column 2', () => {
    const jobs = result.scenario.jobs ?? [];
    expect(jobs.map((j) => j.id)).toEqual(Array.from({ length: 50 }, (_, k) => `job${k}`));
    expect([jobs[0].submit, jobs[1].submit, jobs[49].submit]).toEqual([49, 101, 2826]);
    expect(result.skipped).toEqual([]);
  });

  it('job0: 740773 input bytes floored to one 64 MiB block, one map; 2339561 shuffle bytes, one reduce', () => {
    // Map work 0.25 s/MiB × 64 MiB = 16 s; reduce work 0.5 × 2339561 / 2^20 = 2339561 / 2^21 s.
    expect(jobOf(result, 'job0')).toEqual({
      id: 'job0',
      user: 'swim',
      submit: 49,
      inputBytes: 67108864,
      mapTime: 16,
      shuffleBytes: 2339561,
      reduces: 1,
      reduceTime: 2339561 / 2 ** 21,
      outputBytes: 627471,
    });
    const job0 = resolved.jobs.find((j) => j.id === 'job0');
    expect(job0?.maps.toArray().map((m) => [m.inputBytes, m.outputBytes, m.work, m.replicas.length])).toEqual([[67108864, 2339561, 16, 3]]);
    expect(job0?.reduces).toEqual([{ shuffleShare: 1, work: 2339561 / 2 ** 21 }]);
  });

  it('job22: no input becomes the 64 MiB minimum block; no shuffle makes it map-only; output 127 becomes 1024', () => {
    expect(jobOf(result, 'job22')).toEqual({
      id: 'job22',
      user: 'swim',
      submit: 1234,
      inputBytes: 67108864,
      mapTime: 16,
      outputBytes: 1024,
    });
    const job22 = resolved.jobs.find((j) => j.id === 'job22');
    expect(job22?.maps.toArray().map((m) => [m.inputBytes, m.outputBytes])).toEqual([[67108864, 0]]);
    expect(job22?.reduces).toEqual([]);
  });

  it('job17: 10274791099 input bytes in 154 blocks, 13024975762 shuffle bytes to 13 reduces', () => {
    // 10274791099 = 153 × 67108864 + 7134907 → 153 full blocks and one of 7134907 bytes.
    // 13024975762 = 12 × 2^30 + 140073874 → 13 reduces, each fetching 1/13 of every map's output.
    const job17 = resolved.jobs.find((j) => j.id === 'job17');
    expect(job17?.maps.length).toBe(154);
    expect(job17?.maps.at(0).inputBytes).toBe(67108864);
    expect(job17?.maps.at(153).inputBytes).toBe(7134907);
    // Map output shared in proportion to input: it adds up to the job's shuffle bytes.
    expect(job17?.maps.toArray().reduce((sum, m) => sum + m.outputBytes, 0)).toBe(13024975762);
    expect(job17?.reduces.length).toBe(13);
    expect(job17?.reduces[0].shuffleShare).toBeCloseTo(1 / 13, 15);
  });

  it('comes to 290 maps and 48 reduces, 18 jobs map-only', () => {
    // Maps: 46 jobs below one block → 46 maps; job17 154, job19 72 (4776464612 = 71 × 67108864 + 11735268),
    // job31 16 (1043799029 = 15 × 67108864 + 37165989), job43 2 (69563889 = 67108864 + 2455025): 46 + 244 = 290.
    // Reduces: 32 jobs with shuffle; all but job17 (13), job19 (3: 2744661563 = 2 × 2^30 + 597177915) and
    // job31 (3: 3220465724 = 2 × 2^30 + 1072982076) have at most 1 GiB: 29 + 13 + 3 + 3 = 48.
    expect(taskCounts(resolved)).toEqual({ maps: 290, reduces: 48 });
    expect(resolved.jobs.filter((j) => j.reduces.length === 0)).toHaveLength(18);
  });

  it('builds the 600-node cluster from racks of 40 with 2 map and 2 reduce slots, 64 MiB blocks, 3 replicas', () => {
    expect(result.scenario.cluster).toEqual({ generate: { racks: 15, nodesPerRack: 40, mapSlots: 2, reduceSlots: 2 } });
    expect(result.scenario.storage).toEqual({ blockSize: 67108864, replication: 3 });
    expect(resolved.cluster.nodes).toHaveLength(600);
    expect(new Set(resolved.cluster.nodes.map((n) => n.rack)).size).toBe(15);
    expect(resolved.storage).toEqual({ blockSize: 67108864, replication: 3 });
  });

  it('lists every assumption with its values in the notes', () => {
    // Floors, by hand: 46 inputs below 64 MiB (all but job17, job19, job31, job43); shuffles of 1–1023 bytes on
    // job3, 11, 16, 29, 32, 47 (6); outputs of 1–1023 bytes on job3, 11, 16, 20, 22, 24, 29, 32, 46, 47 (10).
    expect(result.notes).toEqual([
      'jobs: one per line; id = column 1, submit time = column 2 in seconds (not scaled); the gap column is checked, not used',
      "users: every job to the one user 'swim' (the trace names none)",
      'sizes: not scaled (nodes = sourceNodes = 600)',
      "input floored at 64 MiB (67108864 bytes), SWIM's minimum: raised on 46 of 50 jobs",
      "shuffle and output floored at 1024 bytes when the trace's value is not 0 (SWIM's floor; a 0 stays 0, so map-only jobs stay map-only): shuffle raised on 6, output on 10 of 50 jobs",
      'maps: one per 64 MiB (67108864 bytes) block of input, the last one partial: 290 maps',
      "map output: the job's shuffle bytes, shared among its maps in proportion to their input",
      'reduces: ceil(shuffle / 1 GiB (1073741824 bytes)), 0 without shuffle: 48 reduces; 18 of 50 jobs map-only',
      "map work: 0.25 s per MiB of the job's mean input per map, at speed 1 (16 s for a full block): an assumption, SWIM has no task times",
      "reduce work: 0.5 s per MiB of the job's mean shuffle per reduce, at speed 1 (512 s for 1 GiB): an assumption, SWIM has no task times",
      'reduce shares: equal (SWIM records no partition sizes; reduceSkew sets a Zipf law)',
      "output bytes: kept as each job's outputBytes, written to HDFS only with settings.writes.jobOutput (the reduce work counts the write)",
      "cluster: 600 nodes in 15 racks of 40, 2 map and 2 reduce slots each, speed 1, the scenario format's default disks and links (the trace describes no cluster)",
      "storage: blocks of 64 MiB (67108864 bytes), 3 replicas each, placed by HDFS's rack-aware policy when the scenario is resolved",
    ]);
  });

  it('round-trips through YAML and runs to the end under FIFO: every job succeeds, no invariant broken', () => {
    expect(resolved.jobs).toHaveLength(50);
    const run = simulate(resolved, createScheduler(fifoScheduler, resolved));
    expect(run.jobs.filter((j) => j.status !== 'succeeded')).toEqual([]);
    expect(checkRunInvariants(run)).toEqual([]);
  });
});

describe('importSwim: the whole Facebook 2009 day', () => {
  let result: ImportResult;
  beforeAll(async () => {
    result = await importSwim(DAY, {});
  });

  it('reads all 5,894 jobs and comes to 406,005 maps with 64 MiB blocks, 21,895 reduces, 4,448 jobs map-only', () => {
    // Σ max(1, ceil(input / 2^26)) over the 5,894 lines = 406,005 (the data notes say "about 406,000");
    // Σ ceil(shuffle / 2^30) over the 1,446 jobs with shuffle = 21,895; 5,894 − 1,446 = 4,448 map-only (75.5%).
    // Both sums recomputed from the raw file (not through the importer) below.
    expect(result.scenario.jobs).toHaveLength(5894);
    expect(result.notes).toContain('maps: one per 64 MiB (67108864 bytes) block of input, the last one partial: 406005 maps');
    expect(result.notes).toContain(
      'reduces: ceil(shuffle / 1 GiB (1073741824 bytes)), 0 without shuffle: 21895 reduces; 4448 of 5894 jobs map-only',
    );
    expect(result.notes).toContain("input floored at 64 MiB (67108864 bytes), SWIM's minimum: raised on 5062 of 5894 jobs");
    let maps = 0;
    let reduces = 0;
    for (const line of readFileSync(DAY, 'utf8').trimEnd().split('\n')) {
      const [, , , input, shuffle] = line.split('\t').map(Number);
      maps += Math.max(1, Math.ceil(input / 2 ** 26));
      reduces += Math.ceil(shuffle / 2 ** 30);
    }
    expect([maps, reduces]).toEqual([406005, 21895]);
  });

  it('round-trips through YAML: the resolved day has 406,005 maps and 21,895 reduces', () => {
    const resolved = roundTrip(result, 'day.yaml');
    expect(resolved.jobs).toHaveLength(5894);
    expect(taskCounts(resolved)).toEqual({ maps: 406005, reduces: 21895 });
  });
});

describe('importSwim: scaling to another cluster size', () => {
  it('doubles every size for 1200 nodes (2 × 600) before the floors, and builds 30 racks', async () => {
    const base = await importSwim(FIRST50, {});
    const twice = await importSwim(FIRST50, { nodes: 1200 });
    // job17: 10274791099 → 20549582198 input, 13024975762 → 26049951524 shuffle, 3600817163 → 7201634326 output.
    expect(jobOf(twice, 'job17')).toMatchObject({ inputBytes: 20549582198, shuffleBytes: 26049951524, outputBytes: 7201634326 });
    for (const job of twice.scenario.jobs ?? []) {
      const raw = readFileSync(FIRST50, 'utf8')
        .split('\n')
        .find((l) => l.startsWith(`${job.id}\t`))
        ?.split('\t')
        .map(Number);
      if (raw === undefined) throw new Error(job.id);
      const [, , , input, shuffle, output] = raw;
      expect(job.inputBytes).toBe(Math.max(2 * input, 64 * MiB));
      expect(job.shuffleBytes ?? 0).toBe(shuffle > 0 ? Math.max(2 * shuffle, 1024) : 0);
      expect(job.outputBytes).toBe(output > 0 ? Math.max(2 * output, 1024) : 0);
    }
    // Submit times are not scaled.
    expect(twice.scenario.jobs?.map((j) => j.submit)).toEqual(base.scenario.jobs?.map((j) => j.submit));
    expect(twice.scenario.cluster).toEqual({ generate: { racks: 30, nodesPerRack: 40, mapSlots: 2, reduceSlots: 2 } });
    expect(twice.notes).toContain(
      "sizes: input, shuffle and output × 1200/600 = 2 (SWIM's scaling to the target cluster), rounded down to whole bytes",
    );
  });

  it('gives the whole day 806,593 maps and 42,544 reduces at 1200 nodes', async () => {
    // Σ ceil(max(2 · input, 2^26) / 2^26) and Σ ceil(max(2 · shuffle, 1024) / 2^30) over the day, computed from the raw file.
    const twice = await importSwim(DAY, { nodes: 1200 });
    expect(twice.notes).toContain('maps: one per 64 MiB (67108864 bytes) block of input, the last one partial: 806593 maps');
    expect(twice.notes).toContain(
      'reduces: ceil(shuffle / 1 GiB (1073741824 bytes)), 0 without shuffle: 42544 reduces; 4448 of 5894 jobs map-only',
    );
  });

  it('builds full racks and one smaller last rack when the racks do not divide the nodes', async () => {
    // 90 nodes in racks of 40: 40 + 40 + 10.
    const result = await importSwim(FIRST50, { nodes: 90 });
    expect(result.scenario.cluster).toEqual({
      defaults: { mapSlots: 2, reduceSlots: 2 },
      racks: [{ nodes: 40 }, { nodes: 40 }, { nodes: 10 }],
    });
    const resolved = roundTrip(result, 'ninety.yaml');
    expect(resolved.cluster.nodes.map((n) => n.id).slice(78, 82)).toEqual(['rack2-n39', 'rack2-n40', 'rack3-n01', 'rack3-n02']);
    expect(result.notes).toContain(
      "cluster: 90 nodes in 2 racks of 40 and 1 of 10, 2 map and 2 reduce slots each, speed 1, the scenario format's default disks and links (the trace describes no cluster)",
    );
  });
});

describe('importSwim: users', () => {
  it('deals the jobs round robin to swim1 … swimN with users: N', async () => {
    const result = await importSwim(FIRST50, { users: 3 });
    expect(result.scenario.jobs?.slice(0, 4).map((j) => j.user)).toEqual(['swim1', 'swim2', 'swim3', 'swim1']);
    const resolved = roundTrip(result, 'users.yaml');
    expect(resolved.users.map((u) => u.id)).toEqual(['swim1', 'swim2', 'swim3']);
  });
});

describe('importSwim: malformed files', () => {
  let dir: string;
  const lines = readFileSync(FIRST50, 'utf8').trimEnd().split('\n').slice(0, 5);
  const write = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'swim-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  /** The first five lines with line `n` (1-based) replaced. */
  const withLine = (n: number, text: string) => lines.map((l, i) => (i === n - 1 ? text : l)).join('\n') + '\n';

  it('stops at a short line, naming its line and the first missing column', async () => {
    // Line 3 without its last column: 'job2\t122\t21\t267631\t594312' is 4+1+3+1+2+1+6+1+6 = 25 characters.
    const path = write('short.tsv', withLine(3, 'job2\t122\t21\t267631\t594312'));
    const error = await inputErrorFrom(importSwim(path, {}));
    expect(error.source).toBe(path);
    expect(error.problems).toEqual([
      {
        path: 'column 6 (reduce output bytes)',
        line: 3,
        column: 26,
        expected:
          '6 tab-separated columns (job id, submit time, gap, map input bytes, shuffle bytes, reduce output bytes), or 7 with an input path',
        found: '5 columns',
      },
    ]);
    expect(error.message).toContain(`${path}:3:26: column 6 (reduce output bytes): expected 6 tab-separated columns`);
  });

  it('stops at a letter in a number, naming the line and column', async () => {
    // Line 2: 'job1\t101\t52\t' is 12 characters, so column 4 starts at 13.
    const path = write('letter.tsv', withLine(2, 'job1\t101\t52\t7363O6\t1700537\t432269'));
    const error = await inputErrorFrom(importSwim(path, {}));
    expect(error.problems).toEqual([
      { path: 'column 4 (map input bytes)', line: 2, column: 13, expected: 'a whole number of bytes ≥ 0 (digits only)', found: "'7363O6'" },
    ]);
  });

  it('stops at a negative size, naming the line and column', async () => {
    // Line 4: 'job3\t197\t75\t233422\t' is 19 characters, so column 5 starts at 20.
    const path = write('negative.tsv', withLine(4, 'job3\t197\t75\t233422\t-42\t37'));
    const error = await inputErrorFrom(importSwim(path, {}));
    expect(error.problems).toEqual([
      { path: 'column 5 (shuffle bytes)', line: 4, column: 20, expected: 'a whole number of bytes ≥ 0 (digits only)', found: "'-42' (negative)" },
    ]);
  });

  it('lists every malformed line, not only the first', async () => {
    const text = [lines[0], 'job1\t101\t52\tx\t1\t1', 'job2\t122\t21\t1\t-1\t1'].join('\n');
    const error = await inputErrorFrom(importSwim(write('two-bad.tsv', text), {}));
    expect(error.problems.map((p) => p.line)).toEqual([2, 3]);
  });

  it('keeps the first 100 problems of a file of many bad lines and counts the rest', async () => {
    const bad = Array.from({ length: 250 }, (_, i) => `job${i}\t1\t1\tx\t1\t1`);
    const error = await inputErrorFrom(importSwim(write('many-bad.tsv', [lines[0], ...bad].join('\n')), {}));
    expect(error.problems).toHaveLength(100);
    expect(error.total).toBe(250);
    expect(error.message).toMatch(/many-bad\.tsv: 250 problems\n/);
  });

  it('refuses a job id holding a control character, which the scenario it writes could not carry', async () => {
    const error = await inputErrorFrom(importSwim(write('nul.tsv', [lines[0], 'jo\u0000b\t1\t1\t1\t1\t1'].join('\n')), {}));
    expect(error.problems).toMatchObject([{ line: 2, column: 1, expected: 'a job id without control or bidirectional formatting characters' }]);
  });

  it('refuses bytes that are not UTF-8 at their line and column', async () => {
    const path = join(dir, 'latin1.tsv');
    writeFileSync(path, Buffer.concat([Buffer.from(`${lines[0]}\ncaf`), Buffer.from([0xe9]), Buffer.from('\t1\t1\t1\t1\t1\n')]));
    const error = await inputErrorFrom(importSwim(path, {}));
    expect(error.problems).toMatchObject([{ line: 2, column: 4, expected: 'UTF-8 text' }]);
  });

  it('does not hold a line past the record limit: it stops the reading there, with the problems before it', async () => {
    vi.stubEnv('MRSCHED_MAX_RECORD_MB', '1');
    try {
      const long = `job9\t1\t1\t${'1'.repeat(2 * MiB)}\t1\t1`;
      const tooLong = { path: 'column 1 (job id)', line: 3, column: 1, expected: 'a line of at most 1 MiB of text (a limit: set MRSCHED_MAX_RECORD_MB to raise it)', found: 'a longer line' };
      const file = write('long.tsv', [lines[0], 'job2\t1', long, 'job4\t1'].join('\n'));
      // The bad line before it is listed, the one after it is not read.
      expect((await inputErrorFrom(importSwim(file, {}))).problems).toEqual([expect.objectContaining({ line: 2 }), tooLong]);
      // Skipping does not skip it: the rest of the file would be unread.
      expect((await inputErrorFrom(importSwim(file, { skipInvalid: true }))).problems).toEqual([tooLong]);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('refuses /dev/zero at once, with or without skipInvalid, instead of reading it for ever', { timeout: 20_000 }, async () => {
    vi.stubEnv('MRSCHED_MAX_RECORD_MB', '1');
    try {
      for (const skipInvalid of [false, true]) {
        const error = await inputErrorFrom(importSwim('/dev/zero', { skipInvalid }));
        expect(error.problems).toMatchObject([{ line: 1, column: 1, found: 'a longer line' }]);
      }
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('with skipInvalid, leaves the malformed lines out and lists each with file:line and the reason', async () => {
    const text = [
      lines[0],
      'job1\t101\t52\t7363O6\t1700537\t432269',
      'job2\t122\t21\t267631\t594312',
      'job3\t197\t75\t233422\t-42\t37',
      lines[4],
      lines[0],
    ].join('\n');
    const path = write('skip.tsv', text);
    const result = await importSwim(path, { skipInvalid: true });
    expect(result.scenario.jobs?.map((j) => j.id)).toEqual(['job0', 'job4']);
    expect(result.skipped).toEqual([
      { where: `${path}:2`, reason: "column 4 (map input bytes): expected a whole number of bytes ≥ 0 (digits only), found '7363O6'" },
      {
        where: `${path}:3`,
        reason:
          'column 6 (reduce output bytes): expected 6 tab-separated columns (job id, submit time, gap, map input bytes, shuffle bytes, reduce output bytes), or 7 with an input path, found 5 columns',
      },
      { where: `${path}:4`, reason: "column 5 (shuffle bytes): expected a whole number of bytes ≥ 0 (digits only), found '-42' (negative)" },
      { where: `${path}:6`, reason: "column 1 (job id): expected a job id used on no earlier line, found 'job0', the id of line 1" },
    ]);
    expect(result.notes).toContain('malformed lines left out: 4 (listed in skipped)');
    expect(roundTrip(result, 'skip.yaml').jobs).toHaveLength(2);
  });

  it('refuses a job id used on an earlier line', async () => {
    const path = write('duplicate.tsv', [lines[0], lines[1], lines[0]].join('\n'));
    const error = await inputErrorFrom(importSwim(path, {}));
    expect(error.problems).toEqual([
      { path: 'column 1 (job id)', line: 3, column: 1, expected: 'a job id used on no earlier line', found: "'job0', the id of line 1" },
    ]);
  });

  it('ignores blank lines, counting them with their line numbers in the notes; a final line end is optional', async () => {
    const path = write('blank.tsv', [lines[0], '', lines[1], ' \t', lines[2], '', ''].join('\n'));
    const result = await importSwim(path, {});
    expect(result.scenario.jobs?.map((j) => j.id)).toEqual(['job0', 'job1', 'job2']);
    // Lines: 1 job0, 2 empty, 3 job1, 4 ' \t', 5 job2, 6 empty; the text ends '…\n\n', the last line end closing line 6.
    expect(result.notes).toContain('blank lines ignored: 3 (lines 2, 4, 6)');
    const noFinalNewline = await importSwim(write('no-final.tsv', [lines[0], lines[1]].join('\n')), {});
    expect(noFinalNewline.scenario.jobs).toHaveLength(2);
    expect(noFinalNewline.notes.some((n) => n.startsWith('blank'))).toBe(false);
  });

  it('reads the input path column of the FB-2010 file with input paths, and says it is not used', async () => {
    const path = write('paths.tsv', [lines[0] + '\tinputPath_1', lines[1], lines[2] + '\tinputPath_1'].join('\n'));
    const result = await importSwim(path, {});
    expect(result.scenario.jobs?.map((j) => j.id)).toEqual(['job0', 'job1', 'job2']);
    expect(result.notes).toContain('input paths (column 7): read on 2 of 3 jobs, not used');
  });

  it('reads CRLF line ends', async () => {
    const result = await importSwim(write('crlf.tsv', lines.join('\r\n') + '\r\n'), {});
    expect(result.scenario.jobs?.map((j) => j.outputBytes)).toEqual([627471, 432269, 233549, 1024, 9838062]);
  });

  it('refuses an empty file, a file of blank lines, and a file with no valid line', async () => {
    const empty = await inputErrorFrom(importSwim(write('empty.tsv', ''), {}));
    expect(empty.problems).toEqual([
      { path: '', expected: 'at least one job line (six tab-separated columns)', found: 'an empty file' },
    ]);
    const blank = await inputErrorFrom(importSwim(write('blanks.tsv', '\n\n'), {}));
    expect(blank.problems[0].found).toBe('only blank lines');
    const bad = await inputErrorFrom(importSwim(write('bad.tsv', 'a\tb\nc\n'), { skipInvalid: true }));
    expect(bad.problems[0].found).toBe('no valid job line (2 malformed lines left out)');
  });

  it('refuses a missing file and a directory, naming them', async () => {
    const missing = join(dir, 'nothing.tsv');
    expect((await inputErrorFrom(importSwim(missing, {}))).problems).toEqual([
      { path: '', expected: 'a readable SWIM trace file', found: 'no such file' },
    ]);
    expect((await inputErrorFrom(importSwim(dir, {}))).problems[0].found).toBe('a directory');
  });

  it('refuses bad options before reading the file', async () => {
    const error = await inputErrorFrom(importSwim(join(dir, 'nothing.tsv'), { nodes: -1 }));
    expect(error.source).toBe('SWIM import options');
    expect(error.problems).toEqual([{ path: 'nodes', expected: 'an integer ≥ 1', found: '-1' }]);
  });
});
