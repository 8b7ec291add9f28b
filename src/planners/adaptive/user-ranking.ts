/**
 * Which user a free slot serves, in the two stages of the job selection of
 * Rasooli and Down, "An Adaptive Scheduling Algorithm for Dynamic
 * Heterogeneous Hadoop Systems" (CASCON 2011, §6, "Job selection"; the text
 * breaks off there, and these rules are read from its results discussion,
 * as our spec §3.5 does):
 *
 * - Min-share stage: among users below their min share, the user with the
 *   largest priority × (min share − assigned slots). The product shrinks as
 *   the user is served, so a high-priority user with a large min share does
 *   not starve lower-priority users with small ones.
 * - Fairness stage: the user furthest below its priority-proportional share,
 *   read as the smallest (assigned − min share) / priority.
 *
 * Ties (ours; the paper gives none): higher priority first, then the user
 * whose eligible job arrived first, then the order the users are given in.
 * Each stage ranks only the users its caller passes: those with a waiting job
 * of a class suggested to the resource (SC¹_j in the min-share stage, SC²_j
 * in the fairness stage), or of any class in the fallback.
 */

/** A user's state when a slot frees. */
export interface UserStanding {
  readonly priority: number;
  /** Min share in slots (0: none). */
  readonly minShare: number;
  /** Slots running the user's tasks now (|AssignedSlots(U, t)|). */
  readonly assigned: number;
  /** Arrival time of the user's earliest waiting job the stage may pick. */
  readonly earliestArrival: number;
}

/** Indices of the users below their min share, best first by priority × (min share − assigned). */
export function minShareOrder(users: readonly UserStanding[]): number[] {
  const below = users.flatMap((user, u) => (user.assigned < user.minShare ? [u] : []));
  const need = (u: number) => users[u].priority * (users[u].minShare - users[u].assigned);
  return below.sort((a, b) => need(b) - need(a) || tieBreak(users, a, b));
}

/** Indices of all the users, best first by the smallest (assigned − min share) / priority. */
export function fairnessOrder(users: readonly UserStanding[]): number[] {
  const excess = (u: number) => (users[u].assigned - users[u].minShare) / users[u].priority;
  return users.map((_, u) => u).sort((a, b) => excess(a) - excess(b) || tieBreak(users, a, b));
}

function tieBreak(users: readonly UserStanding[], a: number, b: number): number {
  return users[b].priority - users[a].priority || users[a].earliestArrival - users[b].earliestArrival || a - b;
}
