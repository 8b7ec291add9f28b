/**
 * Faults a real process meets: the command killed at random points of its
 * run (SIGINT, SIGTERM, SIGKILL) while it writes `--out` (or `--gantt`), and a disk that
 * fills up. The rule checked: the target is untouched or complete, never
 * mixed or partial; an interruption mrsched can catch leaves nothing behind.
 *
 * `npm test` kills each command twice; `npm run faults` many times
 * (MRSCHED_FAULT_KILLS per command) and prints the tally of where the kills
 * landed, the figures docs/reliability.md reports.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, watch, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Random } from '../util/random.js';
import { buildCli, type BuiltCli } from '../test-support/built-cli.js';
import { TRACES } from '../test-support/traces.js';

/** Kills per command; the signal goes round SIGINT, SIGTERM, SIGKILL, starting at a different one for each command. */
const KILLS = Number(process.env.MRSCHED_FAULT_KILLS ?? 2);
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGKILL'] as const;
type Signal = (typeof SIGNALS)[number];

/** Compiling src/ takes seconds, more on a busy machine. */
const BUILD_TIMEOUT_MS = 180_000;

let cli: BuiltCli;
let dir: string;

beforeAll(() => {
  cli = buildCli();
  dir = mkdtempSync(join(tmpdir(), 'mrsched-faults-'));
  // A run that writes 1 MB of tasks.csv: enough that some kills land while it writes.
  writeFileSync(
    join(dir, 'scenario.yaml'),
    [
      'name: faults',
      'cluster: { generate: { racks: 4, nodesPerRack: 10 } }',
      'jobStreams:',
      '  - { count: 200, interarrival: 2, maps: 60, mapTime: { dist: exponential, mean: 20 }, reduces: 4, reduceTime: 10, shuffleBytes: 1 GB }',
      '',
    ].join('\n'),
  );
  copyFileSync(fileURLToPath(new URL('../../examples/dmrs/worked-example.yaml', import.meta.url)), join(dir, 'dmrs.yaml'));
  writeFileSync(join(dir, 'trace.tsv'), readFileSync(TRACES.swimDay, 'utf8').split('\n').slice(0, 1500).join('\n') + '\n');
}, BUILD_TIMEOUT_MS);

afterAll(() => {
  cli?.remove();
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

interface Outcome {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stderr: string;
}

/**
 * When to kill: after `delayMs` from the start, or (with `writing`) `delayMs`
 * after the hidden directory the command writes into appears beside
 * `target`: a write takes milliseconds, which a kill at a random time of
 * the whole run would seldom hit.
 */
interface Kill {
  readonly signal: Signal;
  readonly delayMs: number;
  readonly writing?: { readonly parent: string; readonly target: string };
}

/** Runs the command with `args`, and kills it as `kill` says. */
function run(args: readonly string[], kill?: Kill): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli.main, ...args], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    let timer: NodeJS.Timeout | undefined;
    const send = () => (timer = setTimeout(() => child.kill(kill?.signal), kill?.delayMs));
    const watcher =
      kill?.writing === undefined
        ? undefined
        : watch(kill.writing.parent, (_event, name) => {
            // The hidden directory of the write, not the probe made before the run.
            if (timer === undefined && name?.startsWith(`.${kill.writing?.target}.mrsched-`) && !name.includes('-probe-')) send();
          });
    if (kill !== undefined && watcher === undefined) send();
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      watcher?.close();
      resolve({ code, signal, stderr });
    });
  });
}

/**
 * The files of a directory, in its folders too (or a file's text), by name, to compare outputs byte for byte;
 * undefined when missing. The outputs record their command line, so the path itself is written as OUT.
 */
function snapshot(path: string): Record<string, string> | undefined {
  if (!existsSync(path)) return undefined;
  const text = (file: string) => readFileSync(file, 'utf8').replaceAll(path, 'OUT');
  if (!statSync(path).isDirectory()) return { '': text(path) };
  const files = readdirSync(path, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  return Object.fromEntries(files.map((entry) => join(entry.parentPath, entry.name)).sort().map((file) => [relative(path, file), text(file)]));
}

/** What the command leaves beside its target besides the target itself: hidden directories of interrupted writes. */
function leftBeside(parent: string, name: string): string[] {
  return readdirSync(parent).filter((entry) => entry.startsWith(`.${name}.mrsched-`));
}

const COMMANDS = [
  { name: 'simulate --out', target: 'run', args: (out: string) => ['simulate', 'scenario.yaml', '-s', 'fair', '--out', out] },
  { name: 'compare --out', target: 'cmp', args: (out: string) => ['compare', 'scenario.yaml', '--schedulers', 'fifo,fair', '--out', out] },
  { name: 'import --out', target: 'trace.yaml', args: (out: string) => ['import', 'swim', 'trace.tsv', '--out', out] },
  // A one-file output like import's, through the same writer; its LP takes seconds a run, so only the long run kills it.
  ...(KILLS > 2 ? [{ name: 'plan dmrs --gantt', target: 'gantt.svg', args: (out: string) => ['plan', 'dmrs', 'dmrs.yaml', '--gantt', out] }] : []),
];

describe.each(COMMANDS.map((command, i) => ({ ...command, first: i })))('$name killed at random points', ({ name, target, args, first }) => {
  it(
    'leaves its target untouched or complete, and nothing behind when the signal was caught',
    async () => {
      // The complete output, and how long a run takes when left alone.
      const reference = join(dir, `reference-${target}`);
      const started = Date.now();
      expect((await run(args(reference))).code).toBe(0);
      const duration = Date.now() - started;
      const complete = snapshot(reference);
      const random = new Random(KILLS * 7919 + target.length);
      const tally: Record<string, number> = {};
      for (let k = 0; k < KILLS; k++) {
        const signal = SIGNALS[(first + k) % SIGNALS.length];
        const parent = join(dir, `${target}-${k}`);
        mkdirSync(parent);
        const out = join(parent, target);
        // Half the time a previous output is there to be replaced; it must then stay whole until the swap.
        const previous = random.next() < 0.5;
        if (previous) expect((await run(args(out))).code).toBe(0);
        const before = snapshot(out);
        // Every other kill waits for the write to begin, then a few milliseconds.
        const writing = k % 2 === 0;
        const delayMs = writing ? Math.floor(random.next() * 4) : Math.round(duration * (0.2 + 0.9 * random.next()));
        const outcome = await run(args(out), { signal, delayMs, ...(writing ? { writing: { parent, target } } : {}) });
        const after = snapshot(out);
        const left = leftBeside(parent, target);
        const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
        const state = same(after, before) ? 'untouched' : same(after, complete) ? 'complete' : 'MIXED';
        expect(state, `${name} after ${signal}: ${outcome.stderr}`).not.toBe('MIXED');
        expect(outcome.stderr).not.toMatch(/\n\s+at .*\.js:\d+/);
        // Caught signals clean up. A signal that ends the process (SIGKILL; or SIGINT and SIGTERM before their handlers,
        // in the microseconds the probe before the run exists) may leave a hidden entry, never the target half-made.
        if (outcome.signal === null) expect(left).toEqual([]);
        // Caught: the handler cleaned up and exited 128 + the signal's number.
        if (outcome.code !== 0 && outcome.signal === null) expect(outcome.code).toBe(128 + (signal === 'SIGINT' ? 2 : 15));
        const when =
          outcome.code === 0
            ? 'finished before the signal'
            : outcome.signal === null
              ? 'while writing, caught'
              : left.length > 0
                ? 'while writing, hidden directory left'
                : state === 'complete' && !same(before, complete)
                  ? 'after the swap'
                  : 'before writing';
        const key = `${signal} ${when}: ${state}`;
        tally[key] = (tally[key] ?? 0) + 1;
      }
      if (KILLS > 3) process.stdout.write(`${name}: ${duration} ms when left alone; ${JSON.stringify(tally, null, 1)}\n`);
    },
    60_000 + KILLS * 10_000,
  );
});

/** Whether this process may mount a small tmpfs in a namespace of its own (unprivileged user namespaces, or root). */
function canMountTmpfs(): boolean {
  const probe = spawnSync('unshare', ['-rm', 'sh', '-c', `mount -t tmpfs -o size=64k tmpfs "${tmpdir()}"`], { encoding: 'utf8' });
  return probe.status === 0;
}

describe('a full disk', () => {
  it('stops the output with exit 2 and a message, never a stack trace, and leaves stdout undamaged on /dev/full', async () => {
    // Quiet: on a slow machine the run would print a progress line first.
    const full = spawnSync('sh', ['-c', `exec "${process.execPath}" "${cli.main}" simulate -s fifo --quiet --format json > /dev/full`], { encoding: 'utf8' });
    expect(full.status).toBe(2);
    expect(full.stderr).toMatch(/^mrsched: cannot write to stdout: 0 of \d+ bytes written \(ENOSPC\)\n$/);
  });

  it('stderr on /dev/full: the exit status still tells how the command went (it was 1, as for a bug)', () => {
    const run = (args: string) => spawnSync('sh', ['-c', `exec "${process.execPath}" "${cli.main}" ${args} 2> /dev/full`], { encoding: 'utf8' });
    // A note on stderr, then the result on stdout.
    const noted = run(`simulate "${fileURLToPath(new URL('../../examples/tiny.yaml', import.meta.url))}" -s uaas --format json`);
    expect(noted.status).toBe(0);
    expect(JSON.parse(noted.stdout).scheduler).toBe('uaas');
    expect(run('compare --bogus').status).toBe(2);
  });

  it('a file size limit cuts stdout short: exit 2 naming how much was written, not a cut file and exit 0', () => {
    // ulimit -f counts 512-byte blocks: 100 blocks, 51,200 bytes, of a 190 kB scenario (a short write, then EFBIG).
    const cut = spawnSync('sh', ['-c', `ulimit -f 100; exec "${process.execPath}" "${cli.main}" import swim trace.tsv > cut.yaml`], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect(cut.status).toBe(2);
    expect(cut.stderr).toMatch(/^mrsched: cannot write to stdout: 51200 of \d+ bytes written \(EFBIG\)\n$/);
    expect(cut.stderr).not.toMatch(/imported/);
  });

  it.skipIf(!canMountTmpfs())(
    'on a 64 KiB tmpfs: --out and stdout fail with exit 2 and ENOSPC, and the disk is left as empty as it was',
    () => {
      const mount = join(dir, 'small-disk');
      mkdirSync(mount);
      const node = `"${process.execPath}" "${cli.main}"`;
      const script = [
        `mount -t tmpfs -o size=64k tmpfs "${mount}"`,
        `${node} simulate scenario.yaml -s fifo --out "${mount}/run" > /dev/null; echo "simulate $?"`,
        `${node} import swim trace.tsv --out "${mount}/trace.yaml"; echo "import $?"`,
        `${node} import swim trace.tsv > "${mount}/stdout.yaml"; echo "stdout $?"`,
        `echo "left: $(ls -A "${mount}" | tr '\\n' ' ')"`,
        `rm "${mount}/stdout.yaml"`,
        `echo "used: $(df -B1 --output=used "${mount}" | tail -1 | tr -d ' ')"`,
      ].join('\n');
      const result = spawnSync('unshare', ['-rm', 'sh', '-c', script], { cwd: dir, encoding: 'utf8' });
      // None of the outputs fits in 64 KiB: simulate's 1 MB tasks.csv, the 190 kB imported scenario. Left: only
      // the cut stdout file the shell made; once it is removed the disk is empty again (nothing hidden holds space).
      expect(result.stdout, result.stderr).toBe('simulate 2\nimport 2\nstdout 2\nleft: stdout.yaml \nused: 0\n');
      expect(result.stderr).toMatch(/--out .*\/run: cannot write the output files \(ENOSPC/);
      expect(result.stderr).toMatch(/--out .*\/trace\.yaml: cannot write the file \(ENOSPC/);
      expect(result.stderr).toMatch(/cannot write to stdout: \d+ of \d+ bytes written \(ENOSPC\)/);
      expect(result.stderr).not.toMatch(/\n\s+at .*\.js:\d+/);
    },
    60_000,
  );

  it.skipIf(!canMountTmpfs())('on a 16 KiB tmpfs: a sweep whose tables do not fit exits 2 naming the file, no stack (it was an internal error)', () => {
    const mount = join(dir, 'tiny-disk');
    mkdirSync(mount);
    const spec = fileURLToPath(new URL('../../examples/sweeps/tian-five-jobs.yaml', import.meta.url));
    const script = [`mount -t tmpfs -o size=16k tmpfs "${mount}"`, `"${process.execPath}" "${cli.main}" sweep "${spec}" --out "${mount}/sweep" --quiet; echo "sweep $?"`].join('\n');
    const result = spawnSync('unshare', ['-rm', 'sh', '-c', script], { cwd: dir, encoding: 'utf8' });
    expect(result.stdout).toBe('sweep 2\n');
    expect(result.stderr).toMatch(/^mrsched: cannot write .*\/sweep\/\S+ \(ENOSPC\): make room and run the same command again\n$/);
  }, 60_000);
});
