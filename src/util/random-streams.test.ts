import { describe, expect, it } from 'vitest';
import { Random } from './random.js';
import { RANDOM_STREAMS, randomStream, type RandomStreamName } from './random-streams.js';

const NAMES = Object.keys(RANDOM_STREAMS) as RandomStreamName[];
const draws = (random: Random): number[] => Array.from({ length: 4 }, () => random.next());

describe('randomStream', () => {
  it('gives a stream the same draws every time it is asked for', () => {
    for (const name of NAMES) expect(draws(randomStream(7, name))).toEqual(draws(randomStream(7, name)));
  });

  it('gives every named stream draws of its own, and each seed its own streams', () => {
    const firsts = NAMES.flatMap((name) => [randomStream(1, name).next(), randomStream(2, name).next()]);
    expect(new Set(firsts).size).toBe(2 * NAMES.length);
  });

  it("keeps the four streams of resolution the seed generator's first four forks, in their order", () => {
    const root = new Random(42);
    const forks = ['node-speeds', 'replica-placement', 'task-draws', 'arrivals'].map(() => draws(root.fork()));
    expect(['node-speeds', 'replica-placement', 'task-draws', 'arrivals'].map((name) => draws(randomStream(42, name as RandomStreamName)))).toEqual(forks);
  });

  it('draws the heartbeat phases apart from the node speeds (they once shared a stream)', () => {
    expect(draws(randomStream(1, 'heartbeat-phases'))).not.toEqual(draws(randomStream(1, 'node-speeds')));
  });

  it("keeps the adaptive scheduler's k-means on the seed's own generator, as it drew before it was named", () => {
    expect(draws(randomStream(42, 'adaptive/k-means'))).toEqual(draws(new Random(42)));
  });
});
