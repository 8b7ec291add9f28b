import { describe, expect, it } from 'vitest';
import { NODE_LOCAL, OFF_RACK, RACK_LOCAL } from '../types.js';
import { DelayScheduling, LocalityWait, allowedLevel } from './delay-scheduling.js';

const delays = { node: 4.5, rack: 3 };

function waitAt(level: LocalityWait['level'], waited: number): LocalityWait {
  const wait = new LocalityWait();
  wait.level = level;
  wait.waited = waited;
  return wait;
}

describe('delay scheduling', () => {
  it('starts a new job node-local with no wait', () => {
    const wait = new LocalityWait();
    expect([wait.level, wait.waited, allowedLevel(wait, delays)]).toEqual([NODE_LOCAL, 0, NODE_LOCAL]);
  });

  it('allows rack-local after the node delay and any after node + rack delays, from node-local', () => {
    expect(allowedLevel(waitAt(NODE_LOCAL, 4.4), delays)).toBe(NODE_LOCAL);
    expect(allowedLevel(waitAt(NODE_LOCAL, 4.5), delays)).toBe(RACK_LOCAL);
    expect(allowedLevel(waitAt(NODE_LOCAL, 7.4), delays)).toBe(RACK_LOCAL);
    expect(allowedLevel(waitAt(NODE_LOCAL, 7.5), delays)).toBe(OFF_RACK);
  });

  it('allows any after the rack delay from rack-local, and any at once from off-rack', () => {
    expect(allowedLevel(waitAt(RACK_LOCAL, 2.9), delays)).toBe(RACK_LOCAL);
    expect(allowedLevel(waitAt(RACK_LOCAL, 3), delays)).toBe(OFF_RACK);
    expect(allowedLevel(waitAt(OFF_RACK, 0), delays)).toBe(OFF_RACK);
  });

  it('grows the wait of a skipped job by the time to the next heartbeat, once', () => {
    // Skipped at 10; next heartbeats at 12 and 13: the wait is 2 (only the heartbeat after the skip counts).
    const delay = new DelayScheduling(delays);
    const wait = new LocalityWait();
    delay.heartbeat(10);
    delay.markSkipped(wait);
    delay.heartbeat(12);
    expect(wait.waited).toBe(2);
    delay.heartbeat(13);
    expect(wait.waited).toBe(2);
    // Skipped again at 13: +4 at 17.
    delay.markSkipped(wait);
    delay.heartbeat(17);
    expect(wait.waited).toBe(6);
  });

  it('counts heartbeats at the same time as no time waited', () => {
    const delay = new DelayScheduling(delays);
    const wait = new LocalityWait();
    delay.heartbeat(3);
    delay.markSkipped(wait);
    delay.heartbeat(3);
    expect(wait.waited).toBe(0);
  });

  it('resets the wait and sets the level at a launch, which also cancels a skip at the same heartbeat', () => {
    const delay = new DelayScheduling(delays);
    const wait = waitAt(NODE_LOCAL, 5);
    delay.heartbeat(1);
    delay.markSkipped(wait);
    delay.launched(wait, RACK_LOCAL);
    delay.markSkipped(wait); // offered a second slot of the same heartbeat in vain: still not skipped
    delay.heartbeat(4);
    expect([wait.level, wait.waited]).toEqual([RACK_LOCAL, 0]);
  });
});
