/**
 * The runtime's events. A type is also its priority at equal times (lower
 * first): a slot freed at t is seen by a heartbeat at t, and so is a job
 * submitted at t. Each type has one owner, the part that handles it
 * (docs/architecture.md draws them).
 */

/** Task execution: a reduce's shuffle batch, moved alone (`isolated`), has ended (a stale one is ignored). */
export const EV_TRANSFER_END = 0;
/** Task execution: a flow sharing the network (a map's read, a batch's part) has ended (a stale one is ignored). */
export const EV_FLOW_END = 1;
/** Block copies: a copy a policy asked for, moved alone (`isolated`), has ended (one cut short is ignored); at the priority of a flow's end, as a shared copy ends. */
export const EV_BLOCK_COPIED = 2;
/** Task execution: an attempt that writes its output as a transfer has computed: its write starts (a stale one is ignored). */
export const EV_COMPUTE_END = 3;
/** Task execution: an attempt's JVM is up (settings.jvm): its read or shuffle starts (a stale one is ignored). */
export const EV_JVM_UP = 4;
/** Job tracker: the DFS client's retries of a map's unreadable block are over. */
export const EV_READ_RETRY = 5;
/** Job tracker: an attempt ends (a stale one, cancelled or moved, is ignored). */
export const EV_TASK_END = 6;
/** Job tracker: an attempt fails in its compute (`settings.taskFailures`; a stale one is ignored). */
export const EV_ATTEMPT_FAILED = 7;
/** Job tracker: a job's output is committed; it has succeeded. */
export const EV_JOB_COMMITTED = 8;
/** Node failures: a failed node comes back, with its disks. */
export const EV_NODE_RECOVER = 9;
/** Node failures: a node fails. */
export const EV_NODE_FAIL = 10;
/** Node failures: the JobTracker notices a failure (after it: at once with no expiry interval). */
export const EV_NODE_LOST = 11;
/** Fetch failures: a reduce's fetch from a failed node has timed out. */
export const EV_FETCH_FAILED = 12;
/** Job tracker: a running map's speculative lag is over (speculative execution): it may be backed up from now. */
export const EV_BACKUP_LAG = 13;
/** Job tracker: a job is submitted (each submission schedules the next). */
export const EV_JOB_SUBMIT = 14;
/** Job tracker: a job's setup is over. */
export const EV_JOB_SET_UP = 15;
/** Policy port: a wake the policy asked for; before the heartbeats at its time, so that they see what it decided. */
export const EV_WAKE = 16;
/** Cluster blacklist: a node's oldest fault leaves the window (it may come off the list). */
export const EV_BLACKLIST_EXPIRY = 17;
/** Heartbeats: a node's heartbeat, periodic or out of band. */
export const EV_HEARTBEAT = 18;

export const EVENT_TYPES = 19;
