import { describe, expect, it } from 'vitest';
import { testJobView } from '../../test-support/job-view.js';
import { NODE_LOCAL, OFF_RACK, RACK_LOCAL, type ClusterView, type Decisions, type LocalityLevel, type NodeView } from '../types.js';
import { YarnLocalityPlacement } from './yarn-locality-placement.js';

/**
 * A job offered nodes one after another on a cluster of 10 live nodes; on
 * each node its best pending map is at the given locality. Returns, per
 * offer, the level of the map launched or null when the job declined.
 */
function offers(thresholds: { node: number; rack: number }, localities: LocalityLevel[]): (LocalityLevel | null)[] {
  const placement = new YarnLocalityPlacement(thresholds);
  const job = testJobView(0);
  placement.onJobSubmitted(job);
  return localities.map((best, index) => {
    const node = { index } as NodeView;
    const view = { liveNodes: 10, findMap: (_job: unknown, _node: unknown, level: LocalityLevel) => (level >= best ? 1 : -1) } as unknown as ClusterView;
    let launched: LocalityLevel | null = null;
    const decisions = { launchMap: () => (launched = best) } as unknown as Decisions;
    placement.place(job, node, view, decisions);
    return launched;
  });
}

describe("YARN's locality thresholds (FSAppAttempt.getAllowedLocalityLevel)", () => {
  it('relaxes to rack-local past node × nodes opportunities, to any past rack × nodes more, and tightens after a more local launch', () => {
    // 10 nodes, thresholds 0.2 and 0.3: rack-local after more than 2 opportunities, any after more than 3 more.
    const R = RACK_LOCAL;
    const O = OFF_RACK;
    expect(offers({ node: 0.2, rack: 0.3 }, [R, R, R, O, O, O, O, NODE_LOCAL, R])).toEqual([
      null, // 1st offer: node-local only
      null, // 2 opportunities, not more than 2
      R, // 3 > 2: rack-local allowed, the count starts again
      null,
      null,
      null, // 3 opportunities at rack level, not more than 3
      O, // 4 > 3: any
      NODE_LOCAL, // a node-local map brings the level back to node-local
      null,
    ]);
  });

  it('takes a node-local map at the first offer, whatever the level', () => {
    expect(offers({ node: 1, rack: 1 }, [NODE_LOCAL, NODE_LOCAL])).toEqual([NODE_LOCAL, NODE_LOCAL]);
  });

  it('takes the most local map at once with a threshold below 0 (YARN\'s default, off)', () => {
    expect(offers({ node: -1, rack: 0.5 }, [OFF_RACK, RACK_LOCAL])).toEqual([OFF_RACK, RACK_LOCAL]);
    expect(new YarnLocalityPlacement({ node: -1, rack: -1 }).declinesUntilStateChanges).toBe(true);
    expect(new YarnLocalityPlacement({ node: 0.5, rack: 0.5 }).declinesUntilStateChanges).toBe(false);
  });

  it('counts a threshold above 1 as 1: any after more than one opportunity per node', () => {
    const levels = offers({ node: 5, rack: 5 }, Array<LocalityLevel>(23).fill(OFF_RACK));
    // Offers 1–11 at node level (11 > 10 relaxes), 12–22 at rack level (11 > 10 relaxes at the 22nd): launched at the 22nd.
    expect(levels.findIndex((level) => level !== null)).toBe(21);
  });
});
