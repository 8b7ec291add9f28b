/**
 * How many backups of a kind of task a job may run at once under Hadoop 1's
 * speculative execution (JobInProgress's speculativeCap): it stops backing
 * up once it runs at least 10 backups, and 1% of the cluster's slots of the
 * kind, and a tenth of its running tasks of the kind
 * (`mapreduce.job.speculative.speculativecap` 0.1).
 */
const SPECULATIVE_CAP = 0.1;
const MIN_SPECULATIVE_CAP = 10;
const MIN_SLOTS_CAP = 0.01;

/** `slots` is asked only past the first test, which most jobs fail. */
export function backupCapReached(backups: number, running: number, slots: () => number): boolean {
  return backups >= MIN_SPECULATIVE_CAP && backups >= running * SPECULATIVE_CAP && backups >= slots() * MIN_SLOTS_CAP;
}
