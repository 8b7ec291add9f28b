/** Trees for the topology tests, checked as a tree file would be. */
import { checkTreeFile, treeFileTopology } from '../tree-file.js';
import type { LinkWeighting } from '../link-weights.js';
import type { TopologyTree } from '../topology-tree.js';

/** The paper's Fig. 1 as reconstructed in our reading of it: the only tree, up to symmetry, with H(A) = 13 and H(G) = 19. */
export const FIG_1_EDGES: readonly (readonly [string, string])[] = [
  ['A', 'B'],
  ['A', 'C'],
  ['A', 'D'],
  ['B', 'E'],
  ['B', 'F'],
  ['E', 'G'],
  ['E', 'H'],
];

/** The tree of a tree file with these edges and fields; throws on a file the checks refuse. */
export function treeOf(
  edges: readonly (readonly [string, string])[],
  fields: { hosts?: string[]; weights?: number[]; bandwidths?: number[] } = {},
  weighting: LinkWeighting = 'hops',
): TopologyTree {
  const checked = checkTreeFile({ edges, ...fields });
  if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
  const tree = treeFileTopology(checked.value, weighting);
  if (tree === undefined) throw new Error(`the file gives no values for ${weighting}`);
  return tree;
}
