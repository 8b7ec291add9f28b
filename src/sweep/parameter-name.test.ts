import { describe, expect, it } from 'vitest';
import { parameterName } from './parameter-name.js';

describe('parameterName', () => {
  it.each([
    ['settings.slowStart', 'Slow start'],
    ['cluster.racks[*].nodes', 'Nodes per rack'],
    ['users[0].minShare', 'Min share of user 1'],
    ['jobStreams[*].count', 'Count per job stream'],
    ['schedulerOptions.fair.nodeLocalityDelay', 'Node locality delay (fair)'],
    ['generate.load', 'Load (generator)'],
    ['settings.speculation.maps', 'Maps (speculation)'],
    ['schedulerOptions.capacity.queues[*].capacity', 'Capacity per queue'],
  ])('names %s "%s"', (path, name) => {
    expect(parameterName(path)).toBe(name);
  });
});
