/**
 * What a "job type" is for the adaptive scheduler of Rasooli and Down ("An
 * Adaptive Scheduling Algorithm for Dynamic Heterogeneous Hadoop Systems",
 * CASCON 2011). The paper's types are named applications (Table 1: each user
 * submits one kind of job); a resolved scenario keeps no such name (the
 * profile or stream a job came from is resolved away, and a JobTracker is not
 * told it either). So a type is read from what the JobTracker does see when a
 * job arrives:
 *
 * - its **user** (the paper's types belong to users; a type's priority and
 *   min share are its user's), and
 * - its **shape**: the number of maps and of reduces, each in a power-of-two
 *   bucket (0 for none; n ≥ 1 in bucket ⌊log2 n⌋ + 1: 1, 2–3, 4–7, 8–15, …).
 *
 * The four Loadgen types (small 1 + 1, I/O-heavy 10 + 1, CPU-heavy 1 + 10,
 * large 10 + 10) fall in four different shapes, so on the Loadgen
 * workloads a type is exactly a user's jobs of one Loadgen type. On a trace
 * the buckets keep the number of types small (jobs of 1,000 and 1,500 maps
 * share one).
 *
 * Execution rates are learned per shape, over all users: a job's work does
 * not depend on who submitted it, and pooling makes a new user's types known
 * as soon as any user's jobs of the shape have run. Arrival rates are per type.
 */
import type { JobSpecView } from '../../sim/policy.js';
import type { User } from '../../model/workload.js';

/** The power-of-two bucket of a task count: 0 for none, else ⌊log2 n⌋ + 1. */
export function countBucket(n: number): number {
  return n <= 0 ? 0 : Math.floor(Math.log2(n)) + 1;
}

/** What a job's type is read from: its user and task counts, as a policy sees them. */
export type TypedJob = Pick<JobSpecView, 'user' | 'mapCount' | 'reduceCount'>;

/** A job's shape as a key: `m<bucket of maps>r<bucket of reduces>`. */
export function shapeKey(job: Omit<TypedJob, 'user'>): string {
  return `m${countBucket(job.mapCount)}r${countBucket(job.reduceCount)}`;
}

/** What the scheduler keeps of one job type. */
export interface JobType {
  /** `<user>/<shape>`, unique. */
  readonly id: string;
  readonly user: number;
  readonly shape: number;
}

/**
 * The job types and shapes met so far, numbered in the order they first
 * appear, and the users with their priority and min share (a user the
 * scenario does not list: priority 1, no min share, as the metrics read it).
 */
export class JobTypeTable {
  readonly types: JobType[] = [];
  readonly shapes: string[] = [];
  readonly users: UserSettings[] = [];
  private readonly typeIndex = new Map<string, number>();
  private readonly shapeIndex = new Map<string, number>();
  private readonly userIndex = new Map<string, number>();

  constructor(users: readonly User[]) {
    for (const user of users) this.user(user.id, user);
  }

  /** The type of a job, added if new. */
  typeOf(job: TypedJob): number {
    const shape = shapeKey(job);
    const id = `${job.user}/${shape}`;
    let index = this.typeIndex.get(id);
    if (index === undefined) {
      index = this.types.length;
      this.types.push({ id, user: this.user(job.user), shape: this.shape(shape) });
      this.typeIndex.set(id, index);
    }
    return index;
  }

  /** A user's index, added (priority 1, no min share) if the scenario does not list it. */
  user(id: string, settings?: User): number {
    let index = this.userIndex.get(id);
    if (index === undefined) {
      index = this.users.length;
      const minShare = settings?.minShare ?? { map: 0, reduce: 0 };
      this.users.push({ id, priority: settings?.priority ?? 1, mapMinShare: minShare.map, reduceMinShare: minShare.reduce });
      this.userIndex.set(id, index);
    }
    return index;
  }

  private shape(key: string): number {
    let index = this.shapeIndex.get(key);
    if (index === undefined) {
      index = this.shapes.length;
      this.shapes.push(key);
      this.shapeIndex.set(key, index);
    }
    return index;
  }
}

export interface UserSettings {
  readonly id: string;
  readonly priority: number;
  readonly mapMinShare: number;
  readonly reduceMinShare: number;
}

/** The user has a min share (of either kind): its types are in the min-share classification. */
export function hasMinShare(user: UserSettings): boolean {
  return user.mapMinShare + user.reduceMinShare > 0;
}
