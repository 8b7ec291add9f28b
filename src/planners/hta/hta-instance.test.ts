import { describe, expect, it } from 'vitest';
import { inputErrorOf } from '../../test-support/input-error.js';
import { htaInstance, serverTasks } from './hta-instance.js';
import { remoteCostAt, remoteCostProblem } from './remote-cost.js';

describe('HTA instances', () => {
  it('lists every cross-field problem with its field path', () => {
    const error = inputErrorOf(() =>
      htaInstance(
        {
          servers: ['s1', 's1'],
          tasks: [
            { id: 't1', replicas: [] },
            { id: 't1', replicas: ['s9', 's1', 's1'] },
          ],
          wLoc: 2,
          wRem: { kind: 'constant', value: 1 },
        },
        'input.json',
      ),
    );
    expect(error.source).toBe('input.json');
    expect(error.problems.map((p) => `${p.path}: ${p.found}`)).toEqual([
      "servers[1]: 's1' again",
      'tasks[0].replicas: an empty list',
      "tasks[1].id: 't1' again",
      "tasks[1].replicas[0]: 's9'",
      "tasks[1].replicas[2]: 's1' again",
      'wRem: 1',
    ]);
  });

  it('lists the tasks local to each server in task order', () => {
    const instance = htaInstance({
      servers: ['a', 'b'],
      tasks: [
        { id: 't0', replicas: ['b', 'a'] },
        { id: 't1', replicas: ['b'] },
      ],
      wLoc: 1,
      wRem: { kind: 'constant', value: 2 },
    });
    const { start, tasks } = serverTasks(instance);
    expect([...start]).toEqual([0, 1, 3]);
    expect([...tasks]).toEqual([0, 0, 1]);
  });
});

describe('remote costs', () => {
  it('a table holds its last value beyond its end; a line grows by perRemote per remote task', () => {
    expect([0, 1, 2, 5].map((r) => remoteCostAt({ kind: 'table', values: [2, 3, 5] }, r))).toEqual([2, 3, 5, 5]);
    expect(remoteCostAt({ kind: 'linear', base: 2, perRemote: 0.5 }, 4)).toBe(4);
  });

  it('must be monotone and no cheaper than a local task', () => {
    expect(remoteCostProblem({ kind: 'table', values: [3, 2] }, 1)?.found).toBe('3 then 2 at index 1');
    expect(remoteCostProblem({ kind: 'linear', base: 2, perRemote: -1 }, 1)?.found).toBe('-1');
    expect(remoteCostProblem({ kind: 'constant', value: 0.5 }, 1)?.found).toBe('0.5');
    expect(remoteCostProblem({ kind: 'table', values: [] }, 1)?.found).toBe('an empty table');
    expect(remoteCostProblem({ kind: 'constant', value: 3 }, 1)).toBeUndefined();
  });
});
