/**
 * From a scenario file to a resolved Scenario: check the file (the schema,
 * then every rule that spans fields: ids, references, exclusive options),
 * then expand every shorthand and draw every random quantity. This file
 * runs the steps in order; each section is checked and resolved in a file
 * of its own (resolve-cluster, resolve-switches, resolve-storage,
 * resolve-pools, resolve-jobs with job-shape, resolve-streams and
 * resolve-tasks, resolve-settings).
 *
 * Checks run on the file as written, leniently, even when the schema found
 * mistakes, so that one pass reports every problem. Resolution runs only on
 * a file without problems.
 *
 * Random draws come from the named streams of settings.seed
 * (src/util/random-streams.ts): node speeds, replica placement, job shapes
 * and task times (one further fork per job, in file order), arrivals (one
 * further fork per job stream). Changing one section does not move the draws
 * of another.
 */
import { InputError } from '../util/input-error.js';
import { checkSizes, readLimits, SizeLimitError, type Limits } from './size-limits.js';
import { isObj } from './lenient-access.js';
import { dedupeProblems, withoutLocation } from './problem-path.js';
import { randomStream } from '../util/random-streams.js';
import { ReplicaPlacer } from './replica-placement.js';
import { checkCluster, nodeIndexer, resolveCluster, withContainerCounts } from './resolve-cluster.js';
import { buildJobs, checkJobs, jobSpecs } from './resolve-jobs.js';
import { checkPoolsAndUsers, resolveUsersAndPools } from './resolve-pools.js';
import { checkFailureCauseJobs, checkFailures, resolveSettings } from './resolve-settings.js';
import { checkYarnCluster, jobContainers } from './resolve-containers.js';
import { checkStorage, resolveFiles } from './resolve-storage.js';
import type { Scenario } from '../model/scenario.js';
import { parseScenarioFile, seedSchema, type ParsedScenarioFile, type PathProblem, type ScenarioFile } from './scenario-file.js';
import type { Job } from '../model/workload.js';

export type ResolveResult = { ok: true; scenario: Scenario } | { ok: false; problems: PathProblem[] };

/**
 * A scenario built in code (the file format as an object) to a resolved
 * scenario. Throws InputError listing every problem, located by field path.
 */
export function resolveScenario(file: ScenarioFile, source: string, seedOverride?: number): Scenario {
  const result = resolveScenarioValue(file, source, seedOverride);
  if (!result.ok) throw new InputError(source, result.problems.map(withoutLocation));
  return result.scenario;
}

/** Check and resolve any value (e.g. parsed YAML); problems come back as a value, located by path. */
export function resolveScenarioValue(raw: unknown, source: string, seedOverride?: number): ResolveResult {
  // Refuse a scenario too large to build before looking at anything else.
  const limits = readLimits();
  const tooLarge = checkSizes(raw, limits);
  if (tooLarge.length > 0) return { ok: false, problems: tooLarge };
  const parsed = parseScenarioFile(raw);
  // concat, not push(...): a file of 10^5 bad jobs has as many problems, too many to spread.
  const problems: PathProblem[] = (parsed.ok ? [] : parsed.problems).concat(crossCheck(raw));
  if (seedOverride !== undefined && !seedSchema.safeParse(seedOverride).success) {
    problems.push({ path: ['settings', 'seed'], expected: 'a 32-bit integer seed', found: `${seedOverride} (the seed option)` });
  }
  if (problems.length > 0 || !parsed.ok) return { ok: false, problems: dedupeProblems(problems) };
  try {
    return resolveParsed(parsed.value, source, seedOverride ?? parsed.value.settings.seed, limits);
  } catch (error) {
    if (error instanceof SizeLimitError) return { ok: false, problems: [error.problem] };
    throw error;
  }
}

/** Every rule that spans fields, on the file as written. */
function crossCheck(raw: unknown): PathProblem[] {
  if (!isObj(raw)) return [];
  const problems: PathProblem[] = [];
  const nodeIds = isObj(raw.cluster) ? checkCluster(raw.cluster, problems) : undefined;
  const fileIds = checkStorage(raw.storage, nodeIds, problems);
  const poolIds = checkPoolsAndUsers(raw, problems);
  checkJobs(raw, { nodeIds, fileIds }, poolIds, problems);
  checkFailures(raw.settings, nodeIds, problems);
  return problems;
}

function resolveParsed(f: ParsedScenarioFile, source: string, seed: number, limits: Limits): ResolveResult {
  const speedRng = randomStream(seed, 'node-speeds');
  const placementRng = randomStream(seed, 'replica-placement');
  const taskRng = randomStream(seed, 'task-draws');
  const arrivalRng = randomStream(seed, 'arrivals');

  const resolved = resolveCluster(f.cluster, speedRng);
  const { nodeRacks } = resolved;
  const yarnProblems = checkYarnCluster(f.settings, resolved.cluster);
  if (yarnProblems.length > 0) return { ok: false, problems: yarnProblems };
  const resourceYarn = f.settings.yarn !== undefined && resolved.cluster.nodes[0].slotModel === 'resources' ? f.settings.yarn : null;
  const cluster = resourceYarn === null ? resolved.cluster : withContainerCounts(resolved.cluster, resourceYarn.minimumAllocation);
  const indexOf = nodeIndexer(cluster);
  const placer = new ReplicaPlacer(nodeRacks);
  const { blockSize, replication } = f.storage;
  const files = resolveFiles(f.storage, { placer, placementRng, indexOf, limits });
  const built = buildJobs(jobSpecs(f, arrivalRng), taskRng, { blockSize, replication, files, placer, placementRng, indexOf, limits });
  const { users, pools, jobPools } = resolveUsersAndPools(f.users, f.pools, built.map((b) => b.spec));
  const sized = resourceYarn === null ? null : jobContainers(built.map((b) => b.spec), resourceYarn, cluster);
  if (sized !== null && sized.problems.length > 0) return { ok: false, problems: sized.problems };
  const jobs: Job[] = built.map(({ spec, maps, reduces, outputBytes }, i) => ({
    id: spec.id,
    user: spec.user,
    pool: jobPools[i],
    submitTime: spec.submit,
    weight: spec.weight,
    priority: spec.priority,
    ...(spec.setup === undefined ? {} : { setupTime: spec.setup }),
    ...(spec.commit === undefined ? {} : { commitTime: spec.commit }),
    maps,
    reduces,
    ...(outputBytes === 0 ? {} : { outputBytes }),
    ...(sized === null ? {} : sized.containers[i]),
  }));

  if (jobs.some((j) => j.reduces.length > 0) && cluster.nodes.every((n) => n.reduceSlots === 0)) {
    return { ok: false, problems: [{ path: ['cluster'], expected: 'at least one reduce slot (some jobs have reduces)', found: 'none' }] };
  }
  const jobIndex = new Map(jobs.map((job, i) => [job.id, i]));
  const causeProblems = checkFailureCauseJobs(f.settings, jobIndex);
  if (causeProblems.length > 0) return { ok: false, problems: causeProblems };

  const scenario: Scenario = {
    name: f.name ?? defaultName(source),
    description: f.description ?? '',
    cluster,
    storage: { blockSize, replication },
    users,
    pools,
    jobs,
    settings: resolveSettings(f.settings, seed, indexOf, cluster.nodes.length, (id) => jobIndex.get(id)!),
    schedulerOptions: f.schedulerOptions,
  };
  return { ok: true, scenario };
}

/** A scenario's name when it gives none: its file's name without the extension. */
function defaultName(source: string): string {
  return source.replace(/^.*[\\/]/, '').replace(/\.(ya?ml|json)$/i, '');
}
