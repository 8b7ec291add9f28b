import { describe, expect, it } from 'vitest';
import { resolveScenario } from './resolve-scenario.js';
import { base, MiB, paths } from '../test-support/scenario-files.js';

describe('cluster', () => {
  it('generate expands to racks × nodesPerRack nodes: 3 × 20 = 60', () => {
    const s = resolveScenario(base({ cluster: { generate: { racks: 3, nodesPerRack: 20 } } }), 'code');
    expect(s.cluster.nodes).toHaveLength(60);
    expect(s.cluster.racks).toEqual(['rack1', 'rack2', 'rack3']);
    expect(s.cluster.nodes[0].id).toBe('rack1-n01');
    expect(s.cluster.nodes[59].id).toBe('rack3-n20');
    expect(s.cluster.nodes.filter((n) => n.rack === 'rack2')).toHaveLength(20);
  });

  it('fills node defaults: 2 map + 2 reduce slots, speed 1, 100 MB/s disk, 1 Gbps link, 10 Gbps rack uplink', () => {
    const s = resolveScenario(base(), 'code');
    expect(s.cluster.nodes[0]).toEqual({
      id: 'rack1-n01',
      rack: 'rack1',
      mapSlots: 2,
      reduceSlots: 2,
      totalSlots: 4,
      slotModel: 'split',
      memory: 0,
      vcores: 0,
      speed: 1,
      diskReadRate: 100 * MiB,
      uplink: 'rack1',
      uplinkBandwidth: 1.25e8,
    });
    expect(s.cluster.switches).toEqual([
      { id: 'core', parent: null, uplinkBandwidth: Infinity },
      { id: 'rack1', parent: 'core', uplinkBandwidth: 1.25e9 },
      { id: 'rack2', parent: 'core', uplinkBandwidth: 1.25e9 },
    ]);
  });

  it('takes each node setting from the node, else its rack, else the cluster defaults', () => {
    const s = resolveScenario(
      base({
        cluster: {
          defaults: { mapSlots: 4, speed: 1.5, bandwidth: '10 Gbps' },
          racks: [
            { id: 'a', speed: 2, reduceSlots: 1, nodes: [{ id: 'a1' }, { id: 'a2', speed: 3, mapSlots: 1 }] },
            { id: 'b', nodes: 1 },
          ],
        },
      }),
      'code',
    );
    const [a1, a2, b1] = s.cluster.nodes;
    expect([a1.mapSlots, a1.reduceSlots, a1.speed, a1.uplinkBandwidth]).toEqual([4, 1, 2, 1.25e9]);
    expect([a2.mapSlots, a2.reduceSlots, a2.speed]).toEqual([1, 1, 3]);
    expect([b1.id, b1.mapSlots, b1.reduceSlots, b1.speed]).toEqual(['b-n01', 4, 2, 1.5]);
  });

  it('containers make unified slots that maps and reduces share', () => {
    const s = resolveScenario(base({ cluster: { defaults: { containers: 6 }, racks: [{ nodes: 2 }] } }), 'code');
    expect(s.cluster.nodes[0]).toMatchObject({ slotModel: 'unified', mapSlots: 6, reduceSlots: 6, totalSlots: 6 });
  });

  it('node entries with count generate numbered ids in rack order', () => {
    const s = resolveScenario(
      base({ cluster: { racks: [{ id: 'r', nodes: [{ count: 2, speed: 1 }, { id: 'fast' , speed: 4 }, { count: 1 }] }] } }),
      'code',
    );
    expect(s.cluster.nodes.map((n) => `${n.id}@${n.speed}`)).toEqual(['r-n01@1', 'r-n02@1', 'fast@4', 'r-n04@1']);
  });

  it('draws each speed from the rack list, seeded', () => {
    const file = base({ cluster: { generate: { racks: 2, nodesPerRack: 30, speeds: [1, 1.5, 2] } } });
    const speeds = resolveScenario(file, 'code').cluster.nodes.map((n) => n.speed);
    expect(new Set(speeds)).toEqual(new Set([1, 1.5, 2]));
    expect(resolveScenario(file, 'code').cluster.nodes.map((n) => n.speed)).toEqual(speeds);
    expect(resolveScenario(file, 'code', 2).cluster.nodes.map((n) => n.speed)).not.toEqual(speeds);
  });

  it('rejects duplicate node, rack and switch ids', () => {
    expect(
      paths(
        base({
          cluster: {
            switches: [{ id: 'x' }, { id: 'x' }],
            racks: [
              { id: 'r', nodes: [{ id: 'n' }, { id: 'n' }] },
              { id: 'r', nodes: 1 },
              { id: 'x', nodes: 1 },
            ],
          },
        }),
      ),
    ).toEqual(['cluster.switches[1].id', 'cluster.racks[1].id', 'cluster.racks[2].id', 'cluster.racks[0].nodes[1].id']);
  });

  it('rejects zero slots, non-positive speeds and rates, both racks and generate, speed with speeds', () => {
    expect(
      paths({
        cluster: {
          defaults: { mapSlots: 0, diskReadRate: '0 MB/s', speed: 1, speeds: [1] },
          racks: [{ speed: -1, nodes: 1 }],
          generate: { racks: 1, nodesPerRack: 1 },
        },
        jobs: [{ id: 'j', maps: 1, mapTime: 1 }],
      }),
    ).toEqual([
      'cluster.defaults.mapSlots',
      'cluster.defaults.diskReadRate',
      'cluster.racks[0].speed',
      'cluster',
      'cluster.defaults.speeds',
    ]);
  });

  it('rejects reduces on a cluster without reduce slots', () => {
    const file = base({
      cluster: { defaults: { reduceSlots: 0 }, racks: [{ nodes: 2 }] },
      jobs: [{ id: 'j', maps: 1, mapTime: 1, reduces: 1, reduceTime: 1 }],
    });
    expect(paths(file)).toEqual(['cluster']);
  });
});
