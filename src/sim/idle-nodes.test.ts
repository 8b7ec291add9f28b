import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { IdleNodes } from './idle-nodes.js';
import { nextTick } from './heartbeat-tick.js';

const always = () => true;

describe('IdleNodes', () => {
  it('hands out the node that ticks first after now, wrapping around the interval', () => {
    // Interval 3. Phases: n0 at 0.5, n1 at 2.0, n2 at 1.0 (last heartbeats 6.5, 2.0, -2.0).
    const idle = new IdleNodes(3, 3);
    idle.add(0, 6.5);
    idle.add(1, 2);
    idle.add(2, -2);
    // At t = 10.2 (phase 1.2): n1 ticks at 11.0, n0 at 12.5, n2 at 13.0.
    expect([idle.takeEarliest(10.2, always), idle.takeEarliest(10.2, always), idle.takeEarliest(10.2, always), idle.takeEarliest(10.2, always)]).toEqual([
      1, 0, 2, -1,
    ]);
  });

  it('drops the nodes met on the way that no longer wait', () => {
    const idle = new IdleNodes(3, 3);
    idle.add(0, 0.5);
    idle.add(1, 1);
    idle.add(2, 2);
    // At t = 3 (phase 0), n0 ticks first, but it has been given a heartbeat meanwhile: n1 is next.
    expect(idle.takeEarliest(3, (node) => node !== 0)).toBe(1);
    expect(idle.size).toBe(1);
  });

  it('moves a node whose phase changed and keeps one whose phase did not', () => {
    const idle = new IdleNodes(2, 3);
    idle.add(0, 1);
    idle.add(1, 2);
    idle.add(0, 4); // same phase 1: still before n1
    expect(idle.takeEarliest(0, always)).toBe(0);
    idle.add(0, 4);
    idle.add(0, 5.5); // out-of-band heartbeat: phase 2.5, now after n1
    expect([idle.takeEarliest(0, always), idle.takeEarliest(0, always)]).toEqual([1, 0]);
  });

  it('forgets a removed node and never holds one twice', () => {
    const idle = new IdleNodes(2, 3);
    idle.add(0, 1);
    idle.add(0, 1);
    idle.add(1, 2);
    idle.remove(0);
    expect(idle.size).toBe(1);
    expect(idle.takeEarliest(0, always)).toBe(1);
    expect(idle.takeEarliest(0, always)).toBe(-1);
  });

  it('orders nodes by their next tick, as computing every tick would', () => {
    fc.assert(
      fc.property(
        // Last heartbeats lie in the past: `agoTenths` before now.
        fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 0, max: 2000 }),
        (agoTenths, nowTenths) => {
          const interval = 3;
          const now = nowTenths / 10;
          const lastBeats = agoTenths.map((ago) => (nowTenths - ago) / 10);
          const idle = new IdleNodes(lastBeats.length, interval);
          lastBeats.forEach((last, node) => idle.add(node, last));
          const tick = (node: number) => nextTick(lastBeats[node], now, interval);
          const taken: number[] = [];
          for (let node = idle.takeEarliest(now, always); node >= 0; node = idle.takeEarliest(now, always)) taken.push(node);
          // Every node comes out exactly once, and in tick order.
          expect([...taken].sort((a, b) => a - b)).toEqual(lastBeats.map((_, node) => node));
          const ticks = taken.map(tick);
          expect(ticks).toEqual([...ticks].sort((a, b) => a - b).map((t) => expect.closeTo(t, 9)));
        },
      ),
    );
  });
});
