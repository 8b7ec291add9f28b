import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { cliSession } from '../test-support/cli-session.js';
import { main } from './program.js';

const fig1 = fileURLToPath(new URL('../../examples/reduce-placement/fig1-tree.json', import.meta.url));
const tiny = fileURLToPath(new URL('../../examples/tiny.yaml', import.meta.url));

const cli = cliSession();

const run = cli.run;

describe('mrsched topology', () => {
  it('prints H(A) = 13 and H(G) = 19 for the Fig. 1 tree, every vertex counted', async () => {
    const text = await run('topology', fig1);
    expect(text).toContain('over every vertex, a hop per link');
    expect(text).toMatch(/\nA\s+13\n/);
    expect(text).toMatch(/\nG\s+19\n/);
    const json = JSON.parse(await run('topology', fig1, '--format', 'json'));
    expect(json.nodes).toEqual([
      { id: 'A', H: 13 },
      { id: 'B', H: 11 },
      { id: 'C', H: 19 },
      { id: 'D', H: 19 },
      { id: 'E', H: 13 },
      { id: 'F', H: 17 },
      { id: 'G', H: 19 },
      { id: 'H', H: 19 },
    ]);
  });

  it("lists a scenario's nodes with their reduce slots, summed over the nodes; --over all adds the switches", async () => {
    // tiny.yaml: three nodes under rack1 under core. Over the nodes: H(node) = 2 + 2 = 4.
    const nodes = JSON.parse(await run('topology', tiny, '--format', 'json'));
    expect(nodes.nodes).toEqual(['node1', 'node2', 'node3'].map((id) => ({ id, H: 4, kind: 'node', reduceSlots: 1 })));
    // Over every vertex: H(node1) = core 2 + rack1 1 + node2 2 + node3 2 = 7; H(rack1) = 1 + 3·1 = 4; H(core) = 1 + 3·2 = 7.
    const all = JSON.parse(await run('topology', tiny, '--over', 'all', '--format', 'json'));
    expect(all.nodes.map((row: { id: string; H: number }) => [row.id, row.H])).toEqual([
      ['core', 7],
      ['rack1', 4],
      ['node1', 7],
      ['node2', 7],
      ['node3', 7],
    ]);
  });

  it('weighs a tree file by its own weights unless told otherwise', async () => {
    const path = cli.file('w.json', '{"edges": [["A", "B"], ["B", "C"]], "weights": [2, 3]}');
    // H(A) = 2 + 5 = 7, H(B) = 2 + 3 = 5, H(C) = 5 + 3 = 8.
    expect(JSON.parse(await run('topology', path, '--format', 'json')).nodes.map((row: { H: number }) => row.H)).toEqual([7, 5, 8]);
    expect(JSON.parse(await run('topology', path, '--format', 'json', '--weighting', 'hops')).nodes.map((row: { H: number }) => row.H)).toEqual([3, 2, 3]);
  });
});

describe('mrsched topology: user mistakes exit 2 naming the field', () => {
  it.each([
    ['a cycle', 'edges:\n  - [A, B]\n  - [B, C]\n  - [C, A]\n', ':4:5: edges[2]: expected a tree (no cycle)'],
    ['separate parts', 'edges:\n  - [A, B]\n  - [C, D]\n', 'edges: expected a connected tree, found 2 separate parts'],
    ['a self-loop', 'edges: [[A, A]]\n', 'edges[0]: expected a link between two different vertices'],
    ['a link twice', 'edges: [[A, B], [A, B]]\n', "edges[1]: expected each link once, found 'A' and 'B' linked again (edges[0])"],
    ['an unknown vertex', 'vertices: [A, B]\nedges: [[A, C]]\n', "edges[0][1]: expected a vertex listed in vertices, found 'C'"],
    ['an unknown host', 'edges: [[A, B]]\nhosts: [Z]\n', "hosts[0]: expected a vertex of the tree, found 'Z'"],
    ['a negative weight', 'edges: [[A, B]]\nweights: [-1]\n', 'weights[0]: expected a weight ≥ 0, found -1'],
  ])('%s', async (_, text, message) => {
    const path = cli.file('bad.yaml', text);
    expect(await main(['topology', path])).toBe(2);
    expect(cli.err).toContain(message);
    expect(cli.err).not.toMatch(/\n\s+at /);
  });

  it('says what it wanted of a document that is neither a scenario nor a tree', async () => {
    const path = cli.file('neither.yaml', 'edge: [[A, B]]\n');
    expect(await main(['topology', path])).toBe(2);
    expect(cli.err).toContain('expected a scenario (a mapping with cluster), or a tree (a mapping with edges), found a mapping with edge');
    const list = cli.file('list.yaml', '- [A, B]\n');
    expect(await main(['topology', list])).toBe(2);
    expect(cli.err).toContain('found a list of 1');
  });

  it.each([
    [['topology', '/nonexistent/tree.json'], 'no such file'],
    [['topology', 'FIG1', '--over', 'some'], 'Allowed choices are hosts, all'],
    [['topology', 'TINY', '--weighting', 'weights'], 'a scenario gives no link weights'],
    [['topology', 'FIG1', '--weighting', 'bandwidth'], '--weighting bandwidth: the tree file gives no bandwidths'],
  ])('%j', async (args, message) => {
    expect(await main(args.map((arg) => (arg === 'FIG1' ? fig1 : arg === 'TINY' ? tiny : arg)))).toBe(2);
    expect(cli.err).toContain(message);
  });
});
