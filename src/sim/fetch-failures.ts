/**
 * Fetch failures: how a job learns that map output its reduces need sat on
 * a node that has failed, before the JobTracker notices the node. Each
 * reduce that needs such output tries to fetch it from the dead node: the
 * connection times out (`mapreduce.reduce.shuffle.connect.timeout`, 180 s),
 * the reduce backs off and tries again, and now and then reports the
 * failure. When enough reports have come for the job's output on that node,
 * the JobTracker (YARN: the job's ApplicationMaster) declares those maps
 * failed and runs them again, without waiting for the expiry. The expiry
 * (`node-failures.ts`) stays the backstop.
 *
 * One episode per job and failed node: every map output of the job on the
 * node fails the same way for a reduce, so one count of reports stands for
 * each of those maps' counts. A reduce joins when the node fails or when it
 * launches during the episode, and tries at once; it leaves when it ends.
 * Not modelled: a reduce that gives up (Hadoop fails a reduce whose fetches
 * fail too often while it makes too little progress).
 */
import { STATUS_RUNNING, type AttemptLog } from './attempt-log.js';
import type { EventLoop } from './engine/event-loop.js';
import { EV_FETCH_FAILED } from './event-types.js';
import type { JobState } from './job-state.js';
import type { JobTracker, ShuffleStarts } from './job-tracker.js';
import type { ReduceFetch } from './network/reduce-fetch.js';

/** Seconds a fetch from a node that is down takes to fail: the connect timeout, 3 minutes in Hadoop 1 and 2. */
export const CONNECT_TIMEOUT = 180;

/** What a reduce does after its `failures`-th failed fetch from one node. */
export interface FetchFailureRule {
  /** Whether it reports this failure to the JobTracker. */
  reports(failures: number, reduce: ReduceShuffle): boolean;
  /** Seconds it waits before it tries the node again. */
  backoff(failures: number, reduce: ReduceShuffle): number;
  /** The reduces a job's report count is set against: running (Hadoop 1) or still shuffling (YARN). */
  reducesCounted(job: JobState): number;
}

/** What the rules read of a reduce's shuffle. */
export interface ReduceShuffle {
  /** The job's longest map so far, seconds. */
  readonly longestMap: number;
  /** Its job's maps, and those whose output it has not copied yet. */
  readonly maps: number;
  readonly pendingCopies: number;
}

/**
 * The JobTracker's rule (Hadoop 1's JobInProgress.fetchFailureNotification,
 * YARN's JobImpl): a map is failed once it has 3 reports
 * (`mapreduce.reduce.shuffle.max-fetch-failures-notifications`) and they
 * are at least half the job's running (shuffling) reduces
 * (`mapreduce.reduce.shuffle.max-fetch-failures-fraction`, 0.5).
 */
const NOTIFICATIONS = 3;
const FRACTION = 0.5;

/**
 * Hadoop 1's ReduceTask (ReduceCopier): the first report after R failures,
 * then one every two; R = max(2, ⌈log2(⌊longest map / 4 s⌋ + 1)⌉), halved
 * near the end of the shuffle (a quarter of the maps left to copy); back
 * off 4 s × 2^(k−1) after the k-th failure up to R, then half of
 * `mapred.reduce.copy.backoff` (300 s).
 */
export const HADOOP1_FETCH_FAILURES: FetchFailureRule = {
  reports(failures, reduce) {
    const retries = hadoop1Retries(failures, reduce);
    return failures >= retries && (failures - retries) % 2 === 0;
  },
  backoff(failures, reduce) {
    return failures <= hadoop1Retries(failures, reduce) ? 4 * 2 ** (failures - 1) : 300 / 2;
  },
  reducesCounted: (job) => job.runningReduces,
};

/**
 * YARN's ShuffleSchedulerImpl: a failed connection is reported at once;
 * the host is penalised 10 s × 1.3^k after the k-th failure, at most
 * `mapreduce.reduce.shuffle.retry-delay.max.ms` (60 s). The ApplicationMaster
 * sets the reports against the reduces still shuffling.
 */
export const YARN_FETCH_FAILURES: FetchFailureRule = {
  reports: () => true,
  backoff: (failures) => Math.min(10 * 1.3 ** failures, 60),
  reducesCounted: (job) => job.shuffle?.shufflingReduces() ?? 0,
};

/** Hadoop 1's fetch retries per map before the first report (fetchRetriesPerMap). */
function hadoop1Retries(failures: number, reduce: ReduceShuffle): number {
  const steps = Math.floor((1000 * reduce.longestMap) / 4000) + 1;
  const retries = Math.max(2, 32 - Math.clz32(steps - 1));
  // Halved at the end of the shuffle, but never so as to skip the report due at the full count.
  return reduce.pendingCopies <= 0.25 * reduce.maps && failures !== retries ? retries >> 1 : retries;
}

interface Episode {
  readonly job: JobState;
  readonly node: number;
  reports: number;
  open: boolean;
}

interface Fetcher {
  /** Its place in `FetchFailures.fetchers`: its events' argument. */
  readonly index: number;
  readonly episode: Episode;
  /** The reduce attempt that tries. */
  readonly attempt: number;
  failures: number;
}

export class FetchFailures implements ShuffleStarts {
  private readonly episodes: Episode[] = [];
  private readonly fetchers: Fetcher[] = [];

  constructor(
    private readonly loop: EventLoop,
    private readonly log: AttemptLog,
    private readonly tracker: JobTracker,
    private readonly rule: FetchFailureRule,
  ) {
    loop.on(EV_FETCH_FAILED, (fetcher) => this.failed(this.fetchers[fetcher]));
  }

  /** Node `node` has failed with output of `job` on it: the reduces that need it start failing to fetch it. */
  outputsLost(job: JobState, node: number): void {
    const episode: Episode = { job, node, reports: 0, open: true };
    this.episodes.push(episode);
    const shuffle = job.shuffle!;
    shuffle.fetches.forEach((fetch) => {
      if (shuffle.needsLostOutputOn(fetch, node)) this.enrol(episode, fetch.attempt);
    });
  }

  /** A reduce started its shuffle (its JVM up): it fails to fetch from the failed nodes whose output of its job it needs. */
  shuffleStarted(job: JobState, fetch: ReduceFetch): void {
    for (const episode of this.episodes) {
      if (episode.open && episode.job === job && job.shuffle!.needsLostOutputOn(fetch, episode.node)) this.enrol(episode, fetch.attempt);
    }
  }

  /** The JobTracker has noticed the node's failure (its maps run again anyway): its episodes end. */
  nodeNoticed(node: number): void {
    for (const episode of this.episodes) if (episode.node === node) episode.open = false;
    for (let i = this.episodes.length - 1; i >= 0; i--) if (!this.episodes[i].open) this.episodes.splice(i, 1);
  }

  private enrol(episode: Episode, attempt: number): void {
    const index = this.fetchers.length;
    this.fetchers.push({ index, episode, attempt, failures: 0 });
    this.loop.schedule(this.loop.now + CONNECT_TIMEOUT, EV_FETCH_FAILED, index);
  }

  /** A fetch from the dead node has timed out: the reduce may report it, then backs off and tries again. */
  private failed(fetcher: Fetcher): void {
    const { episode, attempt } = fetcher;
    const job = episode.job;
    if (!episode.open || job.status !== 'unfinished' || this.log.status[attempt] !== STATUS_RUNNING) return;
    const fetch = job.shuffle!.fetches.of(this.log.task[attempt], attempt);
    if (fetch === null || !job.shuffle!.needsLostOutputOn(fetch, episode.node)) return;
    fetcher.failures++;
    const reduce: ReduceShuffle = { longestMap: job.longestMap, maps: job.job.maps.length, pendingCopies: job.job.maps.length - job.shuffle!.copiedOutputs(fetch) };
    if (this.rule.reports(fetcher.failures, reduce)) {
      episode.reports++;
      if (episode.reports >= NOTIFICATIONS && episode.reports >= FRACTION * this.rule.reducesCounted(job)) {
        episode.open = false;
        // The maps reported: those whose output a reduce still needs (the others run again when the node is noticed).
        this.tracker.rerunMapsOn(job, episode.node, job.shuffle!.lostMapsNeeded(episode.node));
        return;
      }
    }
    this.loop.schedule(this.loop.now + this.rule.backoff(fetcher.failures, reduce) + CONNECT_TIMEOUT, EV_FETCH_FAILED, fetcher.index);
  }
}
