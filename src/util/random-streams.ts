/**
 * The named random streams of one seed. Every consumer of randomness takes
 * its own stream by name, so that a consumer added later (a mechanism that
 * draws) never shifts the draws of another, and one seed still gives
 * byte-identical output.
 *
 * A stream's generator depends only on the seed and its name: for a new name
 * it is seeded by a hash of the two. The streams drawn before this registry
 * existed keep the derivation they had, so that their outputs did not change
 * with it: the first four are the seed's generator's first four forks, in
 * the order resolution took them, the random reduce placement's is the
 * first fork of the seed mixed with a constant of its own, and the adaptive
 * scheduler's k-means is the seed's own generator.
 */
import { Random } from './random.js';

/** Every stream, with what draws from it. */
export const RANDOM_STREAMS = {
  'node-speeds': "each node's speed drawn from its rack's list (scenario resolution)",
  'replica-placement': "HDFS's choice of nodes for each block's replicas (scenario resolution)",
  'task-draws': "each job's profile, task sizes and reduce count drawn from their distributions (scenario resolution)",
  arrivals: "the job streams' submit times (scenario resolution)",
  'heartbeat-phases': "the moment in its interval at which each node heartbeats (the runtime)",
  'attempt-noise': "each attempt's lognormal factor on its compute time (the runtime, with settings.variability.attemptSigma)",
  'node-slowdowns': "each node's drawn slowdowns, from its own fork in node order (the runtime, with settings.variability.drawnSlowdowns)",
  'attempt-failures': "whether each attempt fails, and where in its compute (the runtime, with settings.taskFailures.causes)",
  'hdfs-writes': "HDFS's choice of the other nodes of each job-output write pipeline (the runtime, with settings.writes.jobOutput)",
  'reduce-placement/random': 'the random reduce placement: which free slot a reduce takes',
  'adaptive/k-means': "the adaptive scheduler's k-means++ seeding of job classes (classification: kmeans), the same draws at every plan",
} as const;

export type RandomStreamName = keyof typeof RANDOM_STREAMS;

/** The streams that are the seed generator's forks, in the order they were forked. */
const FORKS_IN_ORDER: readonly RandomStreamName[] = ['node-speeds', 'replica-placement', 'task-draws', 'arrivals'];
const RANDOM_REDUCE_PLACEMENT_MIX = 0x3003;

/** A fresh generator for stream `name` of `seed`: the same every time it is asked for. */
export function randomStream(seed: number, name: RandomStreamName): Random {
  const fork = FORKS_IN_ORDER.indexOf(name);
  if (fork >= 0) {
    const root = new Random(seed);
    for (let i = 0; i < fork; i++) root.fork();
    return root.fork();
  }
  if (name === 'reduce-placement/random') return new Random(seed ^ RANDOM_REDUCE_PLACEMENT_MIX).fork();
  if (name === 'adaptive/k-means') return new Random(seed);
  return new Random(mix(seed, name));
}

/** A 32-bit seed from the run's seed and a stream's name: FNV-1a of the name, folded into the seed by a murmur3 finaliser. */
function mix(seed: number, name: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193);
  let h = (seed ^ Math.imul(hash, 0x9e3779b1)) | 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) | 0;
}
