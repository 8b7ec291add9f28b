/**
 * The bare tree file of `mrsched topology` (YAML or JSON), the paper's Fig. 1
 * written out:
 *
 *   {"edges": [["A", "B"], ["A", "C"], …], "weights"?: [1, 2, …]}
 *
 * `weights` (≥ 0) or `bandwidths` (> 0) give one value per link, in the
 * order of `edges`; `hosts` names the vertices that hold data and reduce
 * slots (default: every vertex, as in Fig. 1); `vertices` lists them all
 * (needed only for a one-vertex tree, or to fix the order of the output).
 * Every problem is reported at once with its line and field: links that do
 * not make a tree (a cycle, separate parts, a link from a vertex to itself,
 * a link given twice), unknown vertices, negative weights.
 */
import { z } from 'zod';
import { idSchema } from '../../input/id-schema.js';
import { jsonSchemaText } from '../../input/json-schema-text.js';
import { parseLocatedText } from '../../input/located-text.js';
import { checkWithSchema, type PathProblem, type SchemaResult } from '../../input/schema-problems.js';
import { bandwidthWeights, type LinkWeighting } from './link-weights.js';
import { rootedTree, type TopologyTree } from './topology-tree.js';

/** Far beyond any data centre, small enough that a mistaken file fails fast. */
export const TREE_LIMITS = { links: 1_000_000 } as const;

const vertexId = idSchema('vertex id');

export const treeFileSchema = z.strictObject({
  $schema: z.string().optional(),
  name: z.string().optional(),
  description: z.string().optional(),
  vertices: z
    .array(vertexId)
    .min(1, { error: 'at least one vertex' })
    .max(TREE_LIMITS.links + 1)
    .optional()
    .describe('Every vertex, in the order the output lists them; default: in the order edges first name them.'),
  edges: z
    .array(z.tuple([vertexId, vertexId], { error: 'a link written as a pair of vertex ids ["A", "B"]' }))
    .max(TREE_LIMITS.links)
    .describe('The links of the tree, each a pair of vertex ids.'),
  weights: z
    .array(z.number().nonnegative({ error: 'a weight ≥ 0' }))
    .max(TREE_LIMITS.links)
    .optional()
    .describe('A weight per link, in the order of edges; default 1 (a hop).'),
  bandwidths: z
    .array(z.number().positive({ error: 'a bandwidth > 0' }))
    .max(TREE_LIMITS.links)
    .optional()
    .describe('A bandwidth per link (any unit), in the order of edges: the link then weighs max(bandwidth)/bandwidth.'),
  hosts: z
    .array(vertexId)
    .min(1, { error: 'at least one host' })
    .max(TREE_LIMITS.links + 1)
    .optional()
    .describe('The vertices holding intermediate data and reduce slots; default: every vertex (the paper counts them all).'),
});

/** The JSON Schema as written to docs/tree.schema.json. */
export function treeJsonSchemaText(): string {
  return jsonSchemaText(
    treeFileSchema,
    'mrsched network tree',
    'A network tree (vertices, links, optional link weights or bandwidths, hosts) for mrsched topology. See docs/algorithms/reduce-placement.md.',
  );
}

/** A tree file, checked: vertices by index, links as index pairs, the link values it gives. */
export interface TreeFile {
  readonly vertices: readonly string[];
  readonly isHost: Uint8Array;
  readonly from: Int32Array;
  readonly to: Int32Array;
  readonly weights?: Float64Array;
  readonly bandwidths?: Float64Array;
}

/** Whether a parsed document is a tree file rather than a scenario: it has `edges` at the top. */
export function isTreeDocument(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'edges' in value;
}

/** A tree file's text, checked; an InputError naming `source` with every problem, located. */
export function parseTreeText(text: string, source: string): TreeFile {
  return parseLocatedText(text, source, 'a tree (a mapping with edges)', checkTreeFile);
}

/** Check a parsed value as a tree file. */
export function checkTreeFile(raw: unknown): SchemaResult<TreeFile> {
  const parsed = checkWithSchema(treeFileSchema, raw);
  if (!parsed.ok) return parsed;
  const file = parsed.value;
  let problems: PathProblem[] = [];
  const index = new Map<string, number>();
  const vertices: string[] = [];
  file.vertices?.forEach((id, i) => {
    if (index.has(id)) problems.push({ path: ['vertices', i], expected: 'each vertex once', found: `'${id}' again` });
    else index.set(id, vertices.push(id) - 1);
  });
  const vertexOf = (id: string, path: PathProblem['path']): number => {
    const known = index.get(id);
    if (known !== undefined) return known;
    if (file.vertices !== undefined) {
      problems.push({ path, expected: 'a vertex listed in vertices', found: `'${id}'` });
      return -1;
    }
    index.set(id, vertices.push(id) - 1);
    return vertices.length - 1;
  };
  const from = new Int32Array(file.edges.length);
  const to = new Int32Array(file.edges.length);
  file.edges.forEach(([a, b], i) => {
    from[i] = vertexOf(a, ['edges', i, 0]);
    to[i] = vertexOf(b, ['edges', i, 1]);
  });
  // concat, not push(...): a file of 10^6 bad links has as many problems, too many to spread.
  if (problems.length === 0) problems = problems.concat(treeShapeProblems(vertices, from, to));
  for (const field of ['weights', 'bandwidths'] as const) {
    const values = file[field];
    if (values !== undefined && values.length !== file.edges.length) {
      problems.push({ path: [field], expected: `one value per link of edges (${file.edges.length})`, found: `a list of ${values.length}` });
    }
  }
  if (file.weights !== undefined && file.bandwidths !== undefined) {
    problems.push({ path: ['bandwidths'], expected: 'only one of weights and bandwidths', found: 'both' });
  }
  const isHost = new Uint8Array(vertices.length).fill(file.hosts === undefined ? 1 : 0);
  file.hosts?.forEach((id, i) => {
    const v = index.get(id);
    if (v === undefined) problems.push({ path: ['hosts', i], expected: 'a vertex of the tree', found: `'${id}'` });
    else if (isHost[v] === 1) problems.push({ path: ['hosts', i], expected: 'each host once', found: `'${id}' again` });
    else isHost[v] = 1;
  });
  if (problems.length > 0) return { ok: false, problems };
  const values = (list: number[] | undefined) => (list === undefined ? undefined : Float64Array.from(list));
  return { ok: true, value: { vertices, isHost, from, to, weights: values(file.weights), bandwidths: values(file.bandwidths) } };
}

/**
 * What keeps links from being a tree over the vertices: a link from a vertex
 * to itself, a link given twice, a link closing a cycle, separate parts.
 */
function treeShapeProblems(vertices: readonly string[], from: Int32Array, to: Int32Array): PathProblem[] {
  const problems: PathProblem[] = [];
  if (vertices.length === 0) return [{ path: ['edges'], expected: 'at least one link (or vertices, for a one-vertex tree)', found: 'an empty list' }];
  // Union-find over the vertices, with path halving.
  const root = Int32Array.from(vertices, (_, v) => v);
  const find = (v: number): number => {
    while (root[v] !== v) v = root[v] = root[root[v]];
    return v;
  };
  const seen = new Map<string, number>();
  for (let i = 0; i < from.length; i++) {
    const a = from[i];
    const b = to[i];
    const names = `'${vertices[a]}' and '${vertices[b]}'`;
    if (a === b) {
      problems.push({ path: ['edges', i], expected: 'a link between two different vertices', found: `a link from '${vertices[a]}' to itself` });
      continue;
    }
    const key = a < b ? `${a} ${b}` : `${b} ${a}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      problems.push({ path: ['edges', i], expected: 'each link once', found: `${names} linked again (edges[${earlier}])` });
      continue;
    }
    seen.set(key, i);
    const ra = find(a);
    const rb = find(b);
    if (ra === rb) problems.push({ path: ['edges', i], expected: 'a tree (no cycle)', found: `a link closing a cycle: ${names} are already joined by earlier links` });
    else root[ra] = rb;
  }
  const parts = new Map<number, string[]>();
  vertices.forEach((id, v) => {
    const r = find(v);
    const part = parts.get(r);
    if (part === undefined) parts.set(r, [id]);
    else part.push(id);
  });
  if (parts.size > 1) {
    const shown = [...parts.values()].slice(0, 3).map((part) => `{${part.slice(0, 5).join(', ')}${part.length > 5 ? `, … ${part.length - 5} more` : ''}}`);
    problems.push({
      path: ['edges'],
      expected: 'a connected tree',
      found: `${parts.size} separate parts: ${shown.join(', ')}${parts.size > 3 ? ', …' : ''}`,
    });
  }
  return problems;
}

/** The weighting a tree file asks for by itself: its weights, else its bandwidths, else hops. */
export function treeFileWeighting(file: TreeFile): LinkWeighting {
  return file.weights !== undefined ? 'weights' : file.bandwidths !== undefined ? 'bandwidth' : 'hops';
}

/** The file's tree with links weighed as asked; undefined when the file has no values for that weighting. */
export function treeFileTopology(file: TreeFile, weighting: LinkWeighting): TopologyTree | undefined {
  const weights =
    weighting === 'hops'
      ? new Float64Array(file.from.length).fill(1)
      : weighting === 'weights'
        ? file.weights
        : file.bandwidths && bandwidthWeights(file.bandwidths);
  return weights && rootedTree(file.vertices, file.isHost, { from: file.from, to: file.to, weights });
}
