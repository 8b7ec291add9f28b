import { describe, expect, it } from 'vitest';
import { resolveScenario } from './resolve-scenario.js';
import { base, problems } from '../test-support/scenario-files.js';

describe('switches', () => {
  it('builds the switch tree: declared switches parents first, then one switch per rack', () => {
    const s = resolveScenario(
      base({
        cluster: {
          switches: [
            { id: 'agg2', parent: 'agg1', uplinkBandwidth: '40 Gbps' },
            { id: 'agg1' },
          ],
          racks: [
            { id: 'r1', switch: 'agg1', nodes: 1 },
            { id: 'r2', switch: 'agg2', uplinkBandwidth: '20 Gbps', nodes: 1 },
            { id: 'r3', nodes: 1 },
          ],
        },
      }),
      'code',
    );
    expect(s.cluster.switches.map((sw) => [sw.id, sw.parent, sw.uplinkBandwidth])).toEqual([
      ['core', null, Infinity],
      ['agg1', 'core', 1.25e9],
      ['agg2', 'agg1', 5e9],
      ['r1', 'agg1', 1.25e9],
      ['r2', 'agg2', 2.5e9],
      ['r3', 'core', 1.25e9],
    ]);
    expect(s.cluster.nodes.map((n) => n.uplink)).toEqual(['r1', 'r2', 'r3']);
  });

  it('rejects a rack under a switch that does not exist, and a cycle of switches', () => {
    const found = problems(
      base({
        cluster: {
          switches: [
            { id: 'a', parent: 'b' },
            { id: 'b', parent: 'a' },
          ],
          racks: [{ switch: 'nowhere', nodes: 1 }],
        },
      }),
    );
    expect(found).toEqual([
      expect.objectContaining({ path: 'cluster.switches[0].parent', found: 'a cycle a → b → a' }),
      expect.objectContaining({ path: 'cluster.racks[0].switch', found: "'nowhere'" }),
    ]);
  });
});
