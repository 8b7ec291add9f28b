import { describe, expect, it } from 'vitest';
import { NodeSlowdowns } from './node-slowdowns.js';
import { Random } from '../util/random.js';

describe('node slowdowns', () => {
  const slowdowns = new NodeSlowdowns(
    [
      { node: 1, from: 5, to: 15, factor: 0.5 },
      { node: 1, from: 10, to: 20, factor: 0.5 },
    ],
    null,
    null,
    2,
  );

  it('leaves a node without slowdowns at full speed', () => {
    expect(slowdowns.end(0, 3, 10)).toBe(13);
  });

  it('walks the speed changes, multiplying the factors where intervals overlap', () => {
    // From 0: 5 s at full speed (5 done), 5 s at a half (2.5), 5 s at a quarter (1.25): 8.75 by 15, 1.25 left at a half: 17.5.
    expect(slowdowns.end(1, 0, 10)).toBe(17.5);
    // Starting inside the overlap: from 12, 3 s at a quarter (0.75), then 5 s at a half (2.5), then full speed: 3.25 done by 20, 0.75 more.
    expect(slowdowns.end(1, 12, 4)).toBe(20.75);
    // After every slowdown: full speed.
    expect(slowdowns.end(1, 30, 2)).toBe(32);
    // Within the first interval only.
    expect(slowdowns.end(1, 5, 1)).toBe(7);
  });

  it('draws slowdowns as far ahead as a computation needs, the same intervals in whatever order they are asked for', () => {
    const drawn = { perNodeHour: 30, meanDuration: 60, factor: 0.5 };
    const ask = (order: number[]) => {
      const nodes = new NodeSlowdowns([], drawn, new Random(7), 3);
      const ends = new Map<number, number>();
      for (const node of order) ends.set(node, nodes.end(node, 0, 20_000));
      return ends;
    };
    const forward = ask([0, 1, 2]);
    expect(ask([2, 0, 1])).toEqual(forward);
    // Spells of 60 s on average, 120 s apart on average (an hour over 30): slowed a third of the time, to half speed,
    // so 20,000 s of work take 24,000 s on average (about 130 spells: within 10%).
    for (const end of forward.values()) {
      expect(end).toBeGreaterThan(20_000 * 1.1);
      expect(end).toBeLessThan(20_000 * 1.3);
    }
  });
});
