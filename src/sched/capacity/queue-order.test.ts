import { describe, expect, it } from 'vitest';
import type { QueueConfig } from './queue-config.js';
import { mostUnderserved } from './queue-order.js';
import { JobTable, MAP, QueueState, REDUCE } from './queue-state.js';

/** A queue with capacities and usage set by hand (as after a refresh). */
function queue(
  id: string,
  index: number,
  rank: number,
  capacity: number,
  occupied: number,
  max = Infinity,
): QueueState {
  const config: QueueConfig = {
    id,
    capacity: 0,
    maxCapacity: 100,
    minimumUserLimitPercent: 100,
    userLimitFactor: 1,
    maxRunningJobs: Infinity,
  };
  const q = new QueueState(config, index, rank, new JobTable());
  q.capacity[MAP] = capacity;
  q.occupied[MAP] = occupied;
  q.maxCapacity[MAP] = max;
  q.candidates[MAP] = 1;
  return q;
}

describe('capacity queue order', () => {
  it('offers a slot to the queues from the lowest used/capacity ratio up, equal ratios by name', () => {
    // Ratios: a 3/6 = .5, b 1/4 = .25, c 2/4 = .5, d guaranteed nothing → 1.
    const queues = [queue('c', 0, 2, 4, 2), queue('a', 1, 0, 6, 3), queue('d', 2, 3, 0, 0), queue('b', 3, 1, 4, 1)];
    const tried = new Float64Array(4);
    const order: string[] = [];
    for (;;) {
      const next = mostUnderserved(queues, MAP, tried, 1);
      if (next === null) break;
      tried[next.index] = 1;
      order.push(next.config.id);
    }
    expect(order).toEqual(['b', 'a', 'c', 'd']);
  });

  it('passes over queues at their ceiling and queues with nothing of that kind to run', () => {
    const full = queue('a', 0, 0, 4, 3, 3);
    const idle = queue('b', 1, 1, 4, 0);
    idle.candidates[MAP] = 0;
    const busy = queue('c', 2, 2, 4, 4);
    expect(mostUnderserved([full, idle, busy], MAP, new Float64Array(3), 1)).toBe(busy);
    expect(mostUnderserved([full, idle, busy], REDUCE, new Float64Array(3), 1)).toBe(null);
  });
});
