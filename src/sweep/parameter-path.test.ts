import { describe, expect, it } from 'vitest';
import { describeSteps, parsePath, pathProblem, withValueAt } from './parameter-path.js';

describe('parameter paths', () => {
  it('reads keys, indices, every entry, and quoted keys, and writes them back the same', () => {
    expect(parsePath('settings.slowStart')).toEqual([{ key: 'settings' }, { key: 'slowStart' }]);
    expect(parsePath('cluster.racks[*].nodes')).toEqual([{ key: 'cluster' }, { key: 'racks' }, { every: true }, { key: 'nodes' }]);
    expect(parsePath('jobs[2]["odd key"]')).toEqual([{ key: 'jobs' }, { index: 2 }, { key: 'odd key' }]);
    for (const text of ['settings.slowStart', 'cluster.racks[*].nodes', 'jobs[2]["odd key"]']) expect(describeSteps(parsePath(text)!)).toBe(text);
  });

  it('refuses what is not a path', () => {
    for (const text of ['', '.a', 'a..b', 'a.', 'a[x]', 'a[-1]', 'a b', 'a.[0]', '[*]x']) expect(parsePath(text), text).toBeUndefined();
  });

  it('sets a value without changing the document it was given, into every entry with [*]', () => {
    const document = { cluster: { racks: [{ id: 'r1', nodes: 10 }, { id: 'r2', nodes: 12 }] }, settings: {} };
    const copy = structuredClone(document);
    expect(withValueAt(document, parsePath('cluster.racks[*].nodes')!, 5)).toEqual({ cluster: { racks: [{ id: 'r1', nodes: 5 }, { id: 'r2', nodes: 5 }] }, settings: {} });
    expect(withValueAt(document, parsePath('cluster.racks[1].nodes')!, 5)).toEqual({ cluster: { racks: [{ id: 'r1', nodes: 10 }, { id: 'r2', nodes: 5 }] }, settings: {} });
    expect(withValueAt(document, parsePath('schedulerOptions.fair.nodeLocalityDelay')!, 3)).toMatchObject({ schedulerOptions: { fair: { nodeLocalityDelay: 3 } } });
    expect(document).toEqual(copy);
  });

  it('says why a path does not fit a document: a list where a key goes, an index past the end, a key into a number', () => {
    const document = { cluster: { racks: [{ nodes: 10 }] }, settings: { slowStart: 0.05 } };
    expect(pathProblem(document, parsePath('settings.seed')!)).toBeUndefined();
    expect(pathProblem(document, parsePath('settings.slowStart.x')!)).toBe("'settings.slowStart' is not a mapping, so it has no field 'x'");
    expect(pathProblem(document, parsePath('cluster.racks[3].nodes')!)).toBe("'cluster.racks' has 1 entry, so no [3]");
    expect(pathProblem(document, parsePath('settings[*]')!)).toBe("'settings' is not a list");
    expect(pathProblem({ cluster: { racks: [] } }, parsePath('cluster.racks[*].nodes')!)).toBe("'cluster.racks' is an empty list");
  });
});
