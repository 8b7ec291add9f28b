import { describe, expect, it } from 'vitest';
import { formatPath, parsePath } from './problem-path.js';

describe('formatPath', () => {
  it('writes keys with dots, indices in brackets, odd keys quoted', () => {
    expect(formatPath(['cluster', 'racks', 1, 'nodes', 3, 'speed'])).toBe('cluster.racks[1].nodes[3].speed');
    expect(formatPath(['profiles', 'my job', 'maps'])).toBe('profiles["my job"].maps');
    expect(formatPath(['profiles', 'io-heavy'])).toBe('profiles.io-heavy');
    expect(formatPath([])).toBe('');
  });
});

describe('parsePath', () => {
  it('reads back what formatPath writes', () => {
    for (const path of [['cluster', 'racks', 1, 'nodes', 3, 'speed'], ['profiles', 'my job', 'maps'], ['schedulerOptions', 'rhc', 'window'], ['a', 'say "[x]"', 0], []]) {
      expect(parsePath(formatPath(path))).toEqual(path);
    }
  });
});
