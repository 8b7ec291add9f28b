/**
 * The order in which the adaptive scheduler of Rasooli and Down ("An Adaptive
 * Scheduling Algorithm for Dynamic Heterogeneous Hadoop Systems", CASCON
 * 2011, §6; our spec §3.5) offers one free slot of a resource R_j to the
 * waiting jobs:
 *
 * 1. min-share stage: users below their min share with a waiting job of a
 *    class in SC¹_j, by the largest priority × (min share − slots held);
 *    each user's such jobs by arrival;
 * 2. fairness stage: users with a waiting job of a class in SC²_j, by the
 *    smallest (slots held − min share) / priority; their such jobs by
 *    arrival;
 * 3. fallback (the paper is silent; ours, to stay work-conserving): the same
 *    two stages over every waiting job, whatever its class.
 *
 * A job comes once, at its first place. The paper picks one job; a sequence
 * lets the task placement decline a job (delay scheduling waiting for a
 * node-local map) and the slot go to the next, as Hadoop's schedulers do.
 * The user rankings, with their ties, are `minShareOrder` and
 * `fairnessOrder` of `src/planners/adaptive/user-ranking.ts`.
 */
import { fairnessOrder, minShareOrder, type UserStanding } from '../../planners/adaptive/index.js';

/** A user's slots of the kind being filled: its priority, min share and the slots its tasks hold now. */
export interface UserSlots {
  readonly priority: number;
  readonly minShare: number;
  readonly assigned: number;
}

/** A job with a task waiting for the slot's kind. */
export interface WaitingJob<J> {
  readonly job: J;
  /** Index into the users. */
  readonly user: number;
  readonly arrival: number;
  /** Its class is in SC¹_j (min-share classification). */
  readonly minShareSuggested: boolean;
  /** Its class is in SC²_j (fairness classification). */
  readonly fairnessSuggested: boolean;
}

/** The stages in order: which waiting jobs each considers (suggested in SC¹_j, in SC²_j, or all: the fallback), and how it ranks users. */
const STAGES = [
  { eligible: (w: Eligibility) => w.minShareSuggested, rank: minShareOrder },
  { eligible: (w: Eligibility) => w.fairnessSuggested, rank: fairnessOrder },
  { eligible: () => true, rank: minShareOrder },
  { eligible: () => true, rank: fairnessOrder },
] as const;

type Eligibility = Pick<WaitingJob<unknown>, 'minShareSuggested' | 'fairnessSuggested'>;

/** `waiting` in arrival order (ties as they should be broken); the jobs in the order the slot is offered to them. */
export function offerSequence<J>(users: readonly UserSlots[], waiting: readonly WaitingJob<J>[]): J[] {
  // Users with a waiting job, in the order of their first one; each user's jobs chained in arrival order.
  const firstOf = new Int32Array(users.length).fill(-1);
  const lastOf = new Int32Array(users.length);
  const next = new Int32Array(waiting.length).fill(-1);
  const present: number[] = [];
  waiting.forEach((w, i) => {
    if (firstOf[w.user] < 0) {
      firstOf[w.user] = i;
      present.push(w.user);
    } else {
      next[lastOf[w.user]] = i;
    }
    lastOf[w.user] = i;
  });
  const placed = new Uint8Array(waiting.length);
  const sequence: J[] = [];
  for (const stage of STAGES) {
    if (sequence.length === waiting.length) break; // every job placed: the fallback has nothing left
    const candidates: number[] = [];
    const standings: UserStanding[] = [];
    for (const u of present) {
      let i = firstOf[u];
      while (i >= 0 && !stage.eligible(waiting[i])) i = next[i];
      if (i < 0) continue;
      candidates.push(u);
      standings.push({ priority: users[u].priority, minShare: users[u].minShare, assigned: users[u].assigned, earliestArrival: waiting[i].arrival });
    }
    for (const c of stage.rank(standings)) {
      for (let i = firstOf[candidates[c]]; i >= 0; i = next[i]) {
        if (placed[i] === 1 || !stage.eligible(waiting[i])) continue;
        placed[i] = 1;
        sequence.push(waiting[i].job);
      }
    }
  }
  return sequence;
}
