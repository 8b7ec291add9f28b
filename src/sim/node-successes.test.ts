import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { interpolatedQuantile } from '../util/interpolated-quantile.js';
import { NodeSuccesses } from './node-successes.js';

describe('NodeSuccesses', () => {
  it('reads the quantiles the counts sorted afresh give, after any successes, asked first after any of them', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.array(fc.nat(), { maxLength: 80 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.nat({ max: 80 }),
        (nodes, successes, share, firstAsked) => {
          const counts = new NodeSuccesses(nodes);
          const plain = new Array<number>(nodes).fill(0);
          successes.forEach((pick, k) => {
            const node = pick % nodes;
            counts.add(node);
            plain[node]++;
            expect(counts.on(node)).toBe(plain[node]);
            if (k >= firstAsked) expect(counts.quantile(share)).toBe(interpolatedQuantile([...plain].sort((a, b) => a - b), share));
          });
        },
      ),
    );
  });
});
