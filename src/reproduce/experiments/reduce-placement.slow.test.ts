import { describe, expect, it } from 'vitest';
import { verdict } from '../paper-experiment.js';
import { REDUCE_PLACEMENT_EXPERIMENTS } from './reduce-placement.js';

const [experiment] = REDUCE_PLACEMENT_EXPERIMENTS;

describe('reduce-placement-stochastic, at 1 replication', () => {
  it("reproduces Fig. 9's > 90% against random in reading 1 only, and its 22% against greedy in neither reading", async () => {
    const figures = await experiment.run({ workDir: '', jobs: 1, replications: 1, warn: (message) => expect.fail(message) });
    expect(figures).toHaveLength(14);
    const of = (reading: number, text: string) => figures.filter((f) => f.label.startsWith(`reading ${reading}`) && f.label.includes(text));
    // Reading 1: few slots in use, rhc takes among the cheapest; reading 2: a fraction ρ of them taken, the saving falls below 90%.
    expect(of(1, 'against random').map(verdict)).toEqual(Array(5).fill('reproduced'));
    expect(of(2, 'against random').map(verdict)).toEqual(Array(5).fill('differs'));
    const [largest1] = of(1, 'largest saving');
    const [largest2] = of(2, 'largest saving');
    expect([verdict(largest1), verdict(largest2)]).toEqual(['differs', 'differs']);
    expect(largest1.ours).toBeLessThan(5);
    expect(largest2.ours).toBeGreaterThan(10);
    expect(largest2.ours).toBeLessThan(20);
    for (const f of figures) expect(f.note).toBeDefined();
  });
});
