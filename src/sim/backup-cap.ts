/**
 * How many backups a job may run at once under Hadoop 1's speculative
 * execution (JobInProgress's speculativeCap): it stops backing up once it
 * runs at least 10 backups, and 1% of the cluster's map slots, and a tenth
 * of its running maps (`mapreduce.job.speculative.speculativecap` 0.1).
 */
const SPECULATIVE_CAP = 0.1;
const MIN_SPECULATIVE_CAP = 10;
const MIN_SLOTS_CAP = 0.01;

export function backupCapReached(backups: number, runningMaps: number, mapSlots: number): boolean {
  return backups >= MIN_SPECULATIVE_CAP && backups >= mapSlots * MIN_SLOTS_CAP && backups >= runningMaps * SPECULATIVE_CAP;
}
