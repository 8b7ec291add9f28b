import { describe, expect, it } from 'vitest';
import { defaultPool, type Pool } from '../../../model/workload.js';
import { poolQueueTree, sharesVcores } from './pool-queue-tree.js';

const GB = 2 ** 30;
const pool = (id: string, settings: Partial<Pool> = {}): Pool => ({ ...defaultPool(id), ...settings });

describe('poolQueueTree', () => {
  // eng.dev is listed before its parent eng; ops is not listed at all, only its child ops.web.
  const pools = [pool('eng.dev', { weight: 3, schedulingPolicy: 'fifo' }), pool('eng', { minResources: { memory: 4 * GB, vcores: 2 } }), pool('ops.web')];
  const tree = poolQueueTree(pools, 'drf');

  it('hangs a pool a.b under a, an unlisted parent with Hadoop’s defaults, and gives each queue its pool’s settings or the default policy', () => {
    expect(tree.root).toMatchObject({ name: 'root', schedulingPolicy: 'drf' });
    expect(tree.root.children!.map((q) => q.name)).toEqual(['eng', 'ops']);
    const [eng, ops] = tree.root.children!;
    expect(eng).toMatchObject({ weight: 1, minResources: { memory: 4 * GB, vcores: 2 }, schedulingPolicy: 'drf' });
    expect(eng.children).toEqual([expect.objectContaining({ name: 'dev', weight: 3, schedulingPolicy: 'fifo' })]);
    expect(eng.children![0].children).toBeUndefined();
    expect(ops.children!.map((q) => q.name)).toEqual(['web']);
  });

  it('lists every queue’s pool by full name, parents first', () => {
    expect([...tree.pools.keys()]).toEqual(['root', 'root.eng', 'root.eng.dev', 'root.ops', 'root.ops.web']);
    expect(tree.pools.get('root.eng.dev')!.id).toBe('eng.dev');
    expect(tree.pools.get('root.ops')).toEqual(defaultPool('ops'));
  });

  it('takes the root’s policy from a pool named root', () => {
    expect(poolQueueTree([pool('root', { schedulingPolicy: 'fair' }), pool('a')], 'drf').root.schedulingPolicy).toBe('fair');
  });
});

describe('sharesVcores', () => {
  it('holds when every queue above is drf: a fair queue divides memory only', () => {
    const tree = poolQueueTree([pool('a'), pool('b', { schedulingPolicy: 'fair' }), pool('b.c')], 'drf');
    expect(sharesVcores(tree.root, 'root.a')).toBe(true);
    expect(sharesVcores(tree.root, 'root.b')).toBe(true);
    expect(sharesVcores(tree.root, 'root.b.c')).toBe(false);
    expect(sharesVcores(poolQueueTree([pool('a')], 'fair').root, 'root.a')).toBe(false);
  });
});
