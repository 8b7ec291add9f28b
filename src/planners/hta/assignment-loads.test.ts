import { describe, expect, it } from 'vitest';
import { assignmentLoads } from './assignment-loads.js';
import { htaInstance } from './hta-instance.js';

describe('assignmentLoads', () => {
  it('prices every remote task at w_rem(r), r counted over the whole assignment', () => {
    // t0, t1 stored on a, t2 on b; t1 runs on b, remote: r = 1, w_rem(1) = 2 + 1 = 3.
    // Loads: a = 1 (t0), b = 3 (t1) + 1 (t2) = 4. With t0 remote on b too, r = 2 and w_rem = 4: a = 0, b = 4 + 4 + 1 = 9.
    const instance = htaInstance({
      servers: ['a', 'b'],
      tasks: [
        { id: 't0', replicas: ['a'] },
        { id: 't1', replicas: ['a'] },
        { id: 't2', replicas: ['b'] },
      ],
      wLoc: 1,
      wRem: { kind: 'linear', base: 2, perRemote: 1 },
    });
    const one = assignmentLoads(instance, Int32Array.from([0, 1, 1]));
    expect([...one.loads]).toEqual([1, 4]);
    expect(one).toMatchObject({ maxLoad: 4, totalLoad: 5, local: 2, remote: 1 });
    const two = assignmentLoads(instance, Int32Array.from([1, 1, 1]));
    expect([...two.loads]).toEqual([0, 9]);
    expect(two).toMatchObject({ maxLoad: 9, totalLoad: 9, local: 1, remote: 2 });
  });

  it('refuses a task left without a server', () => {
    const instance = htaInstance({ servers: ['a'], tasks: [{ id: 't0', replicas: ['a'] }], wLoc: 1, wRem: { kind: 'constant', value: 2 } });
    expect(() => assignmentLoads(instance, Int32Array.from([-1]))).toThrow(/task 0 is not assigned/);
  });
});
