import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../util/input-error.js';
import { TRACES } from '../test-support/traces.js';
import { importTrace } from './import-trace.js';
import { guessTraceFormat } from './trace-format-guess.js';

const SAMPLES = { swim: TRACES.swimFirst50, rumen: TRACES.rumenWordcount, sls: TRACES.slsJobs } as const;

describe('guessTraceFormat', () => {
  it.each(Object.entries(SAMPLES))('names the vendored %s sample', (format, path) => {
    expect(guessTraceFormat(readFileSync(path, 'utf8'))).toBe(format);
  });

  it('says nothing of a start that is none of them clearly', () => {
    expect(guessTraceFormat('')).toBeUndefined();
    expect(guessTraceFormat('cluster:\n  racks: []\n')).toBeUndefined();
    expect(guessTraceFormat('{"name": "x", "jobs": []}')).toBeUndefined();
    // Five columns, or a word where a number goes: a broken SWIM line, which the importer places.
    expect(guessTraceFormat('job0\t49\t49\t740773\t2339561\n')).toBeUndefined();
    expect(guessTraceFormat('job0\t49\tforty\t740773\t2339561\t627471\n')).toBeUndefined();
  });

  it('reads a SWIM line with an input path and a byte-order mark', () => {
    expect(guessTraceFormat('\uFEFFjob0\t49\t49\t740773\t2339561\t627471\thdfs://in/0\r\n')).toBe('swim');
  });
});

describe('a trace imported as the wrong format', () => {
  const imported = async (format: 'swim' | 'rumen' | 'sls', path: string): Promise<InputError> => {
    const error = await importTrace(format, path, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    return error as InputError;
  };

  it.each([
    ['swim', 'rumen', /^expected a SWIM trace .*found what looks like a Rumen trace .*: try the format rumen \(`mrsched import rumen`\)$/],
    ['rumen', 'swim', /^expected a Rumen trace .*found what looks like a SWIM trace .*: try the format swim \(`mrsched import swim`\)$/],
    ['sls', 'rumen', /found what looks like a Rumen trace .*try the format rumen/],
    ['rumen', 'sls', /found what looks like an SLS trace .*try the format sls/],
    ['swim', 'sls', /found what looks like an SLS trace .*try the format sls/],
  ] as const)('read as %s, a %s trace is one sentence naming its format', async (asked, actual, sentence) => {
    const error = await imported(asked, SAMPLES[actual]);
    expect(error.problems).toHaveLength(1);
    const [problem] = error.problems;
    expect(`expected ${problem.expected}, found ${problem.found}`).toMatch(sentence);
  });

  it('leaves a broken trace of its own format to the importer, at its line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mrsched-guess-'));
    try {
      const path = join(dir, 'broken.tsv');
      writeFileSync(path, 'job0\t49\t49\t740773\t2339561\t627471\njob1\t101\t52\t736346\n');
      const error = await imported('swim', path);
      expect(error.problems).toEqual([expect.objectContaining({ line: 2, expected: expect.stringContaining('6 tab-separated columns') })]);
    } finally {
      rmSync(dir, { recursive: true });
    }
  });
});
