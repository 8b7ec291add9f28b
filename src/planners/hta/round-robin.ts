/**
 * Algorithm 1 of "Assigning Tasks for Efficiency in Hadoop" (Fischer, Su,
 * Yin, SPAA 2010): visit the servers in turn; each takes an unassigned task
 * local to it if there is one, else any unassigned task. This is how Hadoop's
 * scheduler behaves when all tasks wait and every server asks in turn.
 *
 * The paper leaves "any" open. We fix it two ways:
 * - `deterministic`: the lowest-numbered local task, else the lowest-numbered
 *   task (Hadoop takes tasks in the order of its list);
 * - `adversarial`: the local task with the most replicas (ties: highest
 *   number), else the highest-numbered task. This is the run in the proofs of
 *   Theorems 4.1 and 4.3: taking a task other servers could have run locally
 *   leaves the last servers only remote tasks.
 */
import { serverTasks, type HtaInstance } from './hta-instance.js';

export type RoundRobinChoice = 'deterministic' | 'adversarial';

/** The server index of each task. O(|ρ| log |ρ|) for the adversarial order, O(|ρ| + m) otherwise. */
export function roundRobinAssign(instance: HtaInstance, choice: RoundRobinChoice = 'deterministic'): Int32Array {
  const m = instance.tasks.length;
  const n = instance.servers.length;
  const local = serverTasks(instance);
  const order = local.tasks;
  // serverTasks lists tasks by number; the adversary wants most replicas first, then highest number.
  if (choice === 'adversarial') {
    const degree = (t: number): number => instance.replicaStart[t + 1] - instance.replicaStart[t];
    for (let s = 0; s < n; s++) {
      const row = Array.from(order.subarray(local.start[s], local.start[s + 1])).sort((a, b) => degree(b) - degree(a) || b - a);
      order.set(row, local.start[s]);
    }
  }
  const assignment = new Int32Array(m).fill(-1);
  const next = local.start.slice(0, n);
  let anyNext = choice === 'deterministic' ? 0 : m - 1;
  const step = choice === 'deterministic' ? 1 : -1;
  for (let given = 0, s = 0; given < m; given++, s = (s + 1) % n) {
    while (next[s] < local.start[s + 1] && assignment[order[next[s]]] >= 0) next[s]++;
    let task: number;
    if (next[s] < local.start[s + 1]) task = order[next[s]];
    else {
      while (assignment[anyNext] >= 0) anyNext += step;
      task = anyNext;
    }
    assignment[task] = s;
  }
  return assignment;
}
