/**
 * SWIM trace importer: a SWIM workload file (the Facebook 2009 and 2010
 * traces synthesised by the SWIM project, "Statistical Workload Injector for
 * MapReduce", UC Berkeley) to a scenario file. docs/traces/swim.md says the
 * same for users, with worked examples.
 *
 * The trace: one job per line, six tab-separated columns and no header:
 * job id, submit time (s), gap since the previous submission (s), map input
 * bytes, shuffle bytes, reduce output bytes (SWIM's FB-2010 file "with input
 * paths" adds a seventh, an anonymised input path: read, checked to be
 * non-empty, not used; the notes say so). It has no users, no task
 * counts, no task times and no cluster; everything below that is not a
 * column is an assumption, listed in the result's `notes` with its values.
 *
 * Rules, each with its reason:
 *
 * - One job per line; id = column 1, submit = column 2. Column 2 is the
 *   absolute time; column 3 (the gap SWIM's replay script sleeps between
 *   submissions) is checked as a number but not used: in the published
 *   traces the two agree, and an absolute time cannot drift.
 * - Users: the trace has none. All jobs go to one user `swim` (option
 *   `users`: n > 1 gives the jobs in file order to `swim1` … `swim<n>` in
 *   turn, round robin, to exercise fair sharing).
 * - Scaling (SWIM's GenerateReplayScript, which is given the machine counts
 *   of the source and target clusters): input, shuffle and output bytes are
 *   multiplied by nodes / sourceNodes and rounded down to whole bytes, as
 *   SWIM does in integer arithmetic, so that each node keeps the trace's load
 *   per node. Submit times are not scaled (SWIM leaves that line commented
 *   out). Defaults: nodes = sourceNodes = 600, the Facebook cluster the
 *   2009 trace comes from, so nothing is scaled.
 * - Floors (SWIM's replay minimums), applied after scaling as SWIM does:
 *   input below 64 MiB becomes 64 MiB (SWIM's script raises it so: the
 *   smallest job reads one whole block); shuffle and output between 1 and
 *   1023 bytes become 1024. Differs from SWIM: its script floors zero
 *   too, which gives every job a reduce; we keep a zero shuffle or output at
 *   zero (judged on the trace's own value, before scaling) so that the
 *   trace's map-only jobs (about 75% of the 2009 day) stay map-only.
 * - Maps: one per block of input, the last block partial (blockSize,
 *   default 64 MiB as in SWIM and the papers). The job is written with
 *   `inputBytes`; the scenario resolver splits it into blocks and places
 *   each block's replicas with HDFS's rack-aware policy (seeded).
 * - Map output: the job's `shuffleBytes`, which the resolver shares among
 *   its maps in proportion to their input (SWIM's WorkGen maps likewise
 *   write shuffle/input bytes per input byte).
 * - Reduces: ceil(shuffle / shuffleBytesPerReduce), 0 when there is no
 *   shuffle (a map-only job). Default 1 GiB per reduce: Hive of that time
 *   (built at Facebook, and its data warehouse's query engine) gave each
 *   reduce 10^9 bytes of the job's input by default; we bound by the shuffle
 *   bytes, the data a reduce actually reads. SWIM's own rule is
 *   round((shuffle + output) / dataPerReduce), at least 1, replaced by
 *   nodes / 5 when above the node count; it gives map-only jobs a reduce.
 * - Task work (SWIM has no task times: this is an assumption, not a
 *   measurement): each map computes mapSecondsPerMB (default 0.25) seconds
 *   at speed 1 per MiB of the job's mean input per map, so 16 s for a full
 *   64 MiB block: a Hadoop map over one block takes tens of seconds, not
 *   minutes. Each reduce computes reduceSecondsPerMB (default 0.5) per MiB
 *   of the job's mean shuffle per reduce, so 512 s for 1 GiB: a reduce
 *   sorts, merges, runs the reduce function and writes replicated output,
 *   taken as twice a map's work per byte. Every map of a job gets the same
 *   work (the mean), every reduce likewise; reading input and fetching map
 *   output cost time on top, from the simulator's disk and network model.
 * - Output bytes: kept as the job's `outputBytes`, written to HDFS with
 *   settings.writes.jobOutput (off by default: the reduce work above
 *   already counts the write).
 * - Cluster: `nodes` (default 600) in racks of `nodesPerRack` (default 40:
 *   Hadoop clusters were commonly built of racks of 30 to 40 machines
 *   behind one gigabit switch; 15 racks for 600 nodes; when the racks do
 *   not divide the nodes, the last rack is smaller), 2 map and 2 reduce
 *   slots per node (Hadoop 1's defaults), speed 1, the scenario format's
 *   default disks and links. Storage: blocks of blockSize, replication 3
 *   (HDFS's default).
 *
 * Reading: the file is streamed line by line, so memory grows with the jobs
 * kept, not with the file. A line end may be LF or CRLF; a final line end
 * is optional. A blank line (nothing, or only spaces and tabs) is not a job
 * and not an error: it is ignored and counted in the notes, with its line
 * number. A malformed line (not 6 or 7 columns, an empty or non-numeric
 * field, a negative number, a job id used on an earlier line, an id holding
 * a control character) stops the
 * import, once every line is read, with an InputError naming the file and,
 * for every malformed line, the line, column, what was expected and what
 * was found; with `skipInvalid` the line is left out and listed in `skipped`
 * instead. A line longer than the record limit stops the reading at once,
 * with or without `skipInvalid` (no trace line is that long, and a device
 * such as /dev/zero never ends its first). A file without any job is an
 * InputError.
 */
import { basename, extname } from 'node:path';
import { InputError } from '../../util/input-error.js';
import { formatSize } from '../../util/units.js';
import { atMost, limitBytes, readLimits, type Limits } from '../../input/size-limits.js';
import type { ImportResult } from '../import-result.js';
import type { SkippedRecord } from '../skipped-record.js';
import { RecordProblems } from '../record-problems.js';
import { describeRacks, uniformCluster } from '../uniform-cluster.js';
import { readTextLines } from '../utf8-text.js';
import { swimStorage } from './swim-storage.js';
import { swimJob, type ScenarioJob } from './swim-job.js';
import {
  OPTIONS_SOURCE,
  SWIM_MIN_INPUT_BYTES,
  SWIM_MIN_NONZERO_BYTES,
  resolveSwimOptions,
  type SwimImportOptions,
  type SwimSettings,
} from './swim-options.js';
import { columnName, parseSwimLine, type SwimLineProblem } from './swim-record.js';

/**
 * The trace's tasks past the limit, as the options size them: blamed on the
 * option behind the larger share (blockSize for maps, shuffleBytesPerReduce
 * for reduces), not on the first job of a scenario that was never written.
 */
function tooManyTasks(tally: Tally, jobs: number, settings: SwimSettings, limits: Limits): InputError {
  const option = tally.maps >= tally.reduces ? 'blockSize' : 'shuffleBytesPerReduce';
  const bytes = settings[option];
  const count = (n: number) => n.toLocaleString('en');
  return new InputError(OPTIONS_SOURCE, [
    {
      path: option,
      expected: `a size that makes ${atMost(limits, 'tasks', 'tasks in the scenario')}`,
      found: `${formatSize(bytes)}, which makes ${count(tally.maps)} maps and ${count(tally.reduces)} reduces of the trace's ${count(jobs)} jobs`,
    },
  ]);
}

/** Blank lines named in the notes; more are counted only. */
const BLANK_LINES_NAMED = 10;

interface Tally {
  maps: number;
  reduces: number;
  mapOnly: number;
  inputRaised: number;
  shuffleRaised: number;
  outputRaised: number;
  withInputPath: number;
}

/**
 * Read a SWIM trace and make a scenario of it. Throws InputError for a bad
 * option, an unreadable file, a malformed line (unless `skipInvalid`) or a
 * file without jobs.
 */
export async function importSwim(path: string, options: SwimImportOptions = {}): Promise<ImportResult> {
  const settings = resolveSwimOptions(options);
  const jobs: ScenarioJob[] = [];
  const skipped: SkippedRecord[] = [];
  const lineOfId = new Map<string, number>();
  const blankLines: number[] = [];
  let blankCount = 0;
  const tally: Tally = { maps: 0, reduces: 0, mapOnly: 0, inputRaised: 0, shuffleRaised: 0, outputRaised: 0, withInputPath: 0 };
  let lineNumber = 0;
  const problems = new RecordProblems();
  /** A malformed line stops the import once every line is read (each one listed), or with skipInvalid is left out and listed. */
  const reject = (problem: SwimLineProblem): void => {
    if (!settings.skipInvalid) {
      problems.add([{ path: columnName(problem.column), line: lineNumber, column: problem.at, expected: problem.expected, found: problem.found }]);
      return;
    }
    skipped.push({ where: `${path}:${lineNumber}`, reason: `${columnName(problem.column)}: expected ${problem.expected}, found ${problem.found}` });
  };
  const limits = readLimits();

  for await (const read of readTextLines(path, 'a readable SWIM trace file', limitBytes(limits, 'recordMiB'))) {
    lineNumber = read.number;
    if (!('text' in read)) {
      // No trace line is that long, and a device (/dev/zero) never ends its line: refused at once, even when skipping.
      problems.add([{ path: columnName(1), line: lineNumber, column: 1, expected: `a line of ${atMost(limits, 'recordMiB', 'of text')}`, found: 'a longer line' }]);
      break;
    }
    const text = read.text;
    const line = parseSwimLine(lineNumber === 1 ? text.replace(/^\uFEFF/, '') : text);
    if (line.kind === 'blank') {
      blankCount++;
      if (blankLines.length < BLANK_LINES_NAMED) blankLines.push(lineNumber);
      continue;
    }
    if (line.kind === 'invalid') {
      reject(line.problem);
      continue;
    }
    const record = line.record;
    const duplicate = duplicateId(record.id, lineOfId);
    if (duplicate !== undefined) {
      reject(duplicate);
      continue;
    }
    lineOfId.set(record.id, lineNumber);
    const made = swimJob(record, jobs.length, settings);
    jobs.push(made.job);
    tally.maps += made.maps;
    tally.reduces += made.reduces;
    if (made.reduces === 0) tally.mapOnly++;
    if (made.raised.input) tally.inputRaised++;
    if (made.raised.shuffle) tally.shuffleRaised++;
    if (made.raised.output) tally.outputRaised++;
    if (record.inputPath !== undefined) tally.withInputPath++;
  }

  problems.throwIfAny(path);
  if (tally.maps + tally.reduces > limits.tasks) throw tooManyTasks(tally, jobs.length, settings, limits);
  if (jobs.length === 0) {
    const found =
      lineNumber === 0
        ? 'an empty file'
        : lineNumber === blankCount
          ? 'only blank lines'
          : `no valid job line (${skipped.length} malformed line${skipped.length === 1 ? '' : 's'} left out)`;
    throw new InputError(path, [{ path: '', expected: 'at least one job line (six tab-separated columns)', found }]);
  }

  const name = basename(path, extname(path));
  return {
    scenario: {
      name,
      description: `SWIM trace ${basename(path)}: ${jobs.length} jobs on ${settings.nodes} nodes (see the importer's notes).`,
      cluster: uniformCluster(settings),
      storage: swimStorage(settings),
      jobs,
    },
    skipped,
    notes: notes(settings, jobs.length, tally, blankCount, blankLines, skipped.length),
  };
}

/** The problem of a job id seen on an earlier line, if it was. */
function duplicateId(id: string, lineOfId: ReadonlyMap<string, number>): SwimLineProblem | undefined {
  const earlier = lineOfId.get(id);
  if (earlier === undefined) return undefined;
  return { column: 1, at: 1, expected: 'a job id used on no earlier line', found: `'${id}', the id of line ${earlier}` };
}

/** A size for the notes: `64 MiB (67108864 bytes)`. */
function size(bytes: number): string {
  return `${formatSize(bytes)} (${bytes} bytes)`;
}

function notes(
  s: SwimSettings,
  jobCount: number,
  t: Tally,
  blankCount: number,
  blankLines: readonly number[],
  skippedCount: number,
): string[] {
  const MiB = 2 ** 20;
  const of = `of ${jobCount} jobs`;
  const result = [
    'jobs: one per line; id = column 1, submit time = column 2 in seconds (not scaled); the gap column is checked, not used',
    s.users === 1
      ? "users: every job to the one user 'swim' (the trace names none)"
      : `users: the jobs in file order to swim1 … swim${s.users} in turn, round robin (the trace names none)`,
    s.nodes === s.sourceNodes
      ? `sizes: not scaled (nodes = sourceNodes = ${s.nodes})`
      : `sizes: input, shuffle and output × ${s.nodes}/${s.sourceNodes} = ${s.nodes / s.sourceNodes} (SWIM's scaling to the target cluster), rounded down to whole bytes`,
    `input floored at ${size(SWIM_MIN_INPUT_BYTES)}, SWIM's minimum: raised on ${t.inputRaised} ${of}`,
    `shuffle and output floored at ${SWIM_MIN_NONZERO_BYTES} bytes when the trace's value is not 0 (SWIM's floor; a 0 stays 0, so map-only jobs stay map-only): shuffle raised on ${t.shuffleRaised}, output on ${t.outputRaised} ${of}`,
    `maps: one per ${size(s.blockSize)} block of input, the last one partial: ${t.maps} maps`,
    "map output: the job's shuffle bytes, shared among its maps in proportion to their input",
    `reduces: ceil(shuffle / ${size(s.shuffleBytesPerReduce)}), 0 without shuffle: ${t.reduces} reduces; ${t.mapOnly} ${of} map-only`,
    `map work: ${s.mapSecondsPerMB} s per MiB of the job's mean input per map, at speed 1 (${(s.mapSecondsPerMB * s.blockSize) / MiB} s for a full block): an assumption, SWIM has no task times`,
    `reduce work: ${s.reduceSecondsPerMB} s per MiB of the job's mean shuffle per reduce, at speed 1 (${(s.reduceSecondsPerMB * s.shuffleBytesPerReduce) / MiB} s for ${formatSize(s.shuffleBytesPerReduce)}): an assumption, SWIM has no task times`,
    `reduce shares: ${s.reduceSkew > 0 ? `Zipf with exponent ${s.reduceSkew} (reduceSkew), each reduce's work following its share` : 'equal (SWIM records no partition sizes; reduceSkew sets a Zipf law)'}`,
    "output bytes: kept as each job's outputBytes, written to HDFS only with settings.writes.jobOutput (the reduce work counts the write)",
    `cluster: ${s.nodes} nodes in ${describeRacks(s)}, ${s.mapSlots} map and ${s.reduceSlots} reduce slots each, speed 1, the scenario format's default disks and links (the trace describes no cluster)`,
    `storage: blocks of ${size(s.blockSize)}, ${s.replication} replicas each, placed by HDFS's rack-aware policy when the scenario is resolved`,
  ];
  if (t.withInputPath > 0) result.push(`input paths (column 7): read on ${t.withInputPath} ${of}, not used`);
  if (blankCount > 0) {
    const more = blankCount > blankLines.length ? ', …' : '';
    result.push(`blank lines ignored: ${blankCount} (line${blankCount === 1 ? '' : 's'} ${blankLines.join(', ')}${more})`);
  }
  if (skippedCount > 0) result.push(`malformed lines left out: ${skippedCount} (listed in skipped)`);
  return result;
}
