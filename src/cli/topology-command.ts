/**
 * `mrsched topology FILE`: the fetch cost of every vertex of a network tree,
 * the accumulated hop distance H(v) = Σ_u h(u, v) of "Improving ReduceTask
 * Data Locality for Sequential MapReduce Jobs". FILE is a scenario (its
 * cluster's tree: switches and nodes) or a bare tree file.
 */
import { Command, Option } from 'commander';
import { InputError } from '../util/input-error.js';
import { readLocatedText } from '../input/located-text.js';
import { describeValue } from '../input/schema-problems.js';
import { readTextFile } from '../input/unreadable-file.js';
import { accumulatedHopDistance, HOP_SUMS, type HopSum } from '../planners/reduce-placement/accumulated-distance.js';
import { clusterTopology } from '../planners/reduce-placement/cluster-topology.js';
import { LINK_WEIGHTINGS, type LinkWeighting } from '../planners/reduce-placement/link-weights.js';
import { checkTreeFile, isTreeDocument, treeFileTopology, treeFileWeighting, type TreeFile } from '../planners/reduce-placement/tree-file.js';
import { renderTable } from '../report/table.js';
import { UsageError } from './errors.js';
import { readScenarioInput } from './scenario-input.js';
import { writeStdout } from './standard-output.js';

interface TopologyOptions {
  readonly over: HopSum;
  readonly weighting?: LinkWeighting;
  readonly format: 'table' | 'json';
}

/** A row of the output: a vertex and its H; for a scenario, whether it is a node or a switch, and a node's reduce slots. */
interface VertexCost {
  readonly id: string;
  readonly H: number;
  readonly kind?: 'node' | 'switch';
  readonly reduceSlots?: number;
}

const WEIGHTING_WORDS: Record<LinkWeighting, string> = {
  hops: 'a hop per link',
  weights: "the file's link weights",
  bandwidth: 'links weighed max(bandwidth)/bandwidth',
};

export function topologyCommand(): Command {
  return new Command('topology')
    .description('The fetch cost of every vertex of a network tree: the accumulated hop distance H(v) = Σ_u h(u, v) (the ReduceTask placement paper).')
    .argument('<file>', 'a scenario (the tree of its cluster) or a tree file {"edges": [["A", "B"], …]} (YAML or JSON)')
    .addOption(
      new Option('--over <vertices>', "the vertices H sums over and the output lists: hosts (a scenario's nodes; a tree file's hosts, by default every vertex) or all (switches too)")
        .choices([...HOP_SUMS])
        .default('hosts'),
    )
    .addOption(
      new Option('--weighting <kind>', "link weights: hops (1 each), weights (a tree file's), bandwidth (max bandwidth/bandwidth); default: the tree file's weights or bandwidths, else hops").choices([
        ...LINK_WEIGHTINGS,
      ]),
    )
    .addOption(new Option('-f, --format <format>', 'what to print').choices(['table', 'json']).default('table'))
    .addHelpText(
      'after',
      `
JSON: {"source", "weighting", "over", "nodes": [{"id", "H"}, …]}; for a scenario each row also
says its kind (node or switch) and a node's reduce slots, whose fetch cost per byte is the node's H.

Examples:
  $ mrsched topology examples/reduce-placement/fig1-tree.json      # H(A) = 13, H(G) = 19
  $ mrsched topology examples/default.yaml --weighting bandwidth --format json
  $ mrsched topology examples/default.yaml --over all`,
    )
    .action(async (file: string, options: TopologyOptions) => {
      const what = 'a scenario (a mapping with cluster), or a tree (a mapping with edges)';
      const located = readLocatedText(readTextFile(file, 'a readable scenario or tree file (YAML or JSON)'), file, what);
      // A mapping with neither is a mistake for either format: say so, rather than list what a scenario lacks.
      if (!isTreeDocument(located.value) && !hasAnyField(located.value, ['cluster', 'trace'])) {
        throw new InputError(file, [{ path: '', expected: what, found: describeValue(located.value) }]);
      }
      const { rows, weighting, counted } = isTreeDocument(located.value) ? treeRows(located.check(checkTreeFile), options) : await scenarioRows(file, options);
      if (options.format === 'json') {
        writeStdout(JSON.stringify({ source: file, weighting, over: options.over, nodes: rows }, null, 2) + '\n');
        return;
      }
      const scenario = rows.some((row) => row.kind !== undefined);
      writeStdout(`${file}: H(v) = Σ_u h(u, v) over ${counted}, ${WEIGHTING_WORDS[weighting]}\n\n`);
      writeStdout(
        renderTable(
          scenario ? ['vertex', 'kind', 'reduce slots', 'H'] : ['vertex', 'H'],
          rows.map((row) => (scenario ? [row.id, row.kind ?? '', row.reduceSlots === undefined ? '—' : String(row.reduceSlots), number(row.H)] : [row.id, number(row.H)])),
        ),
      );
    });
}

/** The rows, the weighting used, and the vertices H sums over, in words. */
interface TopologyRows {
  readonly rows: VertexCost[];
  readonly weighting: LinkWeighting;
  readonly counted: string;
}

function treeRows(file: TreeFile, options: TopologyOptions): TopologyRows {
  const weighting = options.weighting ?? treeFileWeighting(file);
  const tree = treeFileTopology(file, weighting);
  if (tree === undefined) throw new UsageError(`--weighting ${weighting}: the tree file gives no ${weighting === 'weights' ? 'weights' : 'bandwidths'}.`);
  const H = accumulatedHopDistance(tree, options.over);
  const rows = tree.vertices.flatMap((id, v) => (options.over === 'all' || tree.isHost[v] === 1 ? [{ id, H: H[v] }] : []));
  return { rows, weighting, counted: options.over === 'all' || tree.isHost.every((host) => host === 1) ? 'every vertex' : 'the hosts' };
}

async function scenarioRows(file: string, options: TopologyOptions): Promise<TopologyRows> {
  const weighting = options.weighting ?? 'hops';
  if (weighting === 'weights') throw new UsageError('--weighting weights: a scenario gives no link weights; use hops or bandwidth.');
  const { cluster } = (await readScenarioInput(file)).resolve();
  const tree = clusterTopology(cluster, weighting);
  const H = accumulatedHopDistance(tree, options.over);
  const switches = cluster.switches.length;
  const rows: VertexCost[] = tree.vertices.flatMap((id, v): VertexCost[] => {
    if (v >= switches) return [{ id, H: H[v], kind: 'node', reduceSlots: cluster.nodes[v - switches].reduceSlots }];
    return options.over === 'all' ? [{ id, H: H[v], kind: 'switch' }] : [];
  });
  return { rows, weighting, counted: options.over === 'all' ? 'every vertex, switches too' : 'the nodes' };
}

function hasAnyField(value: unknown, fields: readonly string[]): boolean {
  return typeof value === 'object' && value !== null && fields.some((field) => field in value);
}

/** Exact for hop counts; six decimals for weighted sums. */
function number(value: number): string {
  return String(Math.round(value * 1e6) / 1e6);
}
