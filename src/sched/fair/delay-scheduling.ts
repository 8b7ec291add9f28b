/**
 * Delay scheduling: the locality wait state of each job, as Hadoop 1's Fair
 * Scheduler keeps it (JobInfo.lastMapLocalityLevel, timeWaitedForLocalMap,
 * skippedAtLastHeartbeat). From Zaharia et al., "Delay Scheduling: A Simple
 * Technique for Achieving Locality and Fairness in Cluster Scheduling"
 * (EuroSys 2010).
 *
 * A job whose turn comes at a heartbeat but that has no map at its allowed
 * locality level on that node is skipped, and the slot goes to the next job.
 * A skipped job's wait grows, at the next heartbeat from any node, by the
 * time since the heartbeat that skipped it. Its allowed level:
 *
 * - last map node-local (also a new job): node-local until it has waited
 *   nodeLocalityDelay, then rack-local until nodeLocalityDelay +
 *   rackLocalityDelay, then any;
 * - last map rack-local: rack-local until rackLocalityDelay, then any;
 * - last map off-rack: every level.
 *
 * Launching a map sets the level to that map's locality and the wait to 0.
 *
 * Differs from Hadoop: "the heartbeats" are the ones the policy sees. The
 * simulator does not deliver heartbeats from nodes that could launch nothing
 * (no free slot, or nothing runnable of that kind); in Hadoop those also
 * move the clock of updateLocalityWaitTimes on (and clear the skipped flags
 * without having offered a slot). Here the wait of a skipped job grows by the
 * whole time until the next heartbeat that can launch something, which is
 * closer to the paper's "time waited". Hadoop also drops the wait when the
 * job's pool is starved past its preemption timeouts; preemption is not
 * modelled, so that case never arises.
 */
import { NODE_LOCAL, OFF_RACK, RACK_LOCAL, type LocalityLevel } from '../types.js';

/** Seconds a job waits at each level before it may take a worse one. */
export interface LocalityDelays {
  readonly node: number;
  readonly rack: number;
}

/** One job's locality wait. */
export class LocalityWait {
  /** Locality of the job's last launched map; a new job starts node-local. */
  level: LocalityLevel = NODE_LOCAL;
  /** Seconds waited since that launch. */
  waited = 0;
  /** Skipped at the last heartbeat (its wait grows at the next one). */
  skipped = false;
  /** The heartbeat (DelayScheduling's count) at which the job last launched a map. */
  launchedAt = -1;
}

/** The most distant level the job may launch a map at now. Hadoop's getAllowedLocalityLevel. */
export function allowedLevel(wait: LocalityWait, delays: LocalityDelays): LocalityLevel {
  switch (wait.level) {
    case NODE_LOCAL:
      if (wait.waited >= delays.node + delays.rack) return OFF_RACK;
      return wait.waited >= delays.node ? RACK_LOCAL : NODE_LOCAL;
    case RACK_LOCAL:
      return wait.waited >= delays.rack ? OFF_RACK : RACK_LOCAL;
    default:
      return OFF_RACK;
  }
}

/** The waits of all jobs, moved on at each heartbeat. */
export class DelayScheduling {
  /** The first `skippedCount` entries are the jobs skipped since the last heartbeat. */
  private readonly skippedJobs: LocalityWait[] = [];
  private skippedCount = 0;
  private lastHeartbeat = NaN;
  /** Heartbeats seen so far. */
  private beat = 0;

  constructor(readonly delays: LocalityDelays) {}

  /** Call at each heartbeat before any launch (Hadoop's updateLocalityWaitTimes). */
  heartbeat(now: number): void {
    const since = Number.isNaN(this.lastHeartbeat) ? 0 : now - this.lastHeartbeat;
    this.lastHeartbeat = now;
    this.beat++;
    const skipped = this.skippedJobs;
    for (let i = 0; i < this.skippedCount; i++) {
      skipped[i].waited += since;
      skipped[i].skipped = false;
    }
    // Keep the list's storage: emptying it by length would reallocate it at every heartbeat.
    this.skippedCount = 0;
  }

  allowed(wait: LocalityWait): LocalityLevel {
    return allowedLevel(wait, this.delays);
  }

  /** The job was offered a map slot at this heartbeat and had no map at its allowed level. */
  markSkipped(wait: LocalityWait): void {
    // A job that launched a map at this heartbeat is not skipped, even if it is offered another slot in vain.
    if (wait.skipped || wait.launchedAt === this.beat) return;
    wait.skipped = true;
    this.skippedJobs[this.skippedCount++] = wait;
  }

  /** The job launched a map of this locality (Hadoop's updateLastMapLocalityLevel). */
  launched(wait: LocalityWait, level: LocalityLevel): void {
    wait.level = level;
    wait.waited = 0;
    wait.launchedAt = this.beat;
    if (wait.skipped) {
      // Skipped earlier in this heartbeat, then launched: Hadoop counts it as launched, not skipped.
      wait.skipped = false;
      const at = this.skippedJobs.indexOf(wait);
      this.skippedJobs[at] = this.skippedJobs[--this.skippedCount];
    }
  }
}
