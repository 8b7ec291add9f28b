/**
 * Task JVMs (`settings.jvm`): an attempt starts its work once its JVM is up,
 * `startup` seconds after its launch, unless it reuses an idle JVM of its
 * own job and kind on its node. Hadoop 1's TaskTracker keeps a JVM that has
 * run a task of a job for the job's next task in a slot of the same kind
 * while it has run fewer than `mapred.job.reuse.jvm.num.tasks` tasks (1: no
 * reuse, the default; -1: no limit), and at most one JVM per slot: one
 * beyond is the oldest idle one's end. A JVM whose task failed or was
 * killed ends with it. YARN mode starts a JVM in every container (MRv2
 * ignores the reuse setting).
 */

interface IdleJvm {
  readonly job: number;
  /** KIND_MAP or KIND_REDUCE. */
  readonly kind: number;
  /** Tasks it has run. */
  readonly tasks: number;
}

export class JvmPool {
  /** Each node's idle JVMs, oldest first. */
  private readonly idle: IdleJvm[][];
  /** Tasks run by the JVM of each running attempt, this one included (only with reuse). */
  private readonly tasksRun = new Map<number, number>();

  constructor(
    nodes: number,
    private readonly startup: number,
    /** Tasks a JVM may run (Infinity: no limit). */
    private readonly reuse: number,
  ) {
    this.idle = Array.from({ length: nodes }, () => []);
  }

  /** `attempt` of `job` (its `kind`) launches on `node`: seconds until its JVM is up (0: an idle one is reused, or start-up is free). */
  launched(attempt: number, job: number, kind: number, node: number): number {
    if (this.startup === 0) return 0;
    if (this.reuse === 1) return this.startup;
    const idle = this.idle[node];
    const at = idle.findIndex((jvm) => jvm.job === job && jvm.kind === kind);
    const tasks = at < 0 ? 1 : idle[at].tasks + 1;
    if (at >= 0) idle.splice(at, 1);
    this.tasksRun.set(attempt, tasks);
    return at < 0 ? this.startup : 0;
  }

  /** `attempt` succeeded on `node`, which has `slots` slots of its kind: its JVM waits for the job's next task there, if it may run more. */
  succeeded(attempt: number, job: number, kind: number, node: number, slots: number): void {
    const tasks = this.tasksRun.get(attempt);
    if (tasks === undefined) return;
    this.tasksRun.delete(attempt);
    if (tasks >= this.reuse) return;
    const idle = this.idle[node];
    idle.push({ job, kind, tasks });
    let ofKind = 0;
    for (const jvm of idle) if (jvm.kind === kind) ofKind++;
    if (ofKind > slots) idle.splice(idle.findIndex((jvm) => jvm.kind === kind), 1);
  }

  /** `attempt` failed or was killed: its JVM ends with it. */
  ended(attempt: number): void {
    this.tasksRun.delete(attempt);
  }

  /** The node failed: its idle JVMs with it. */
  nodeFailed(node: number): void {
    this.idle[node].length = 0;
  }
}
