import { describe, expect, it } from 'vitest';
import { inputErrorOf } from '../../test-support/input-error.js';
import { expectSchemaFileInStep } from '../../test-support/schema-file.js';
import { accumulatedHopDistance } from './accumulated-distance.js';
import { parseTreeText, treeFileTopology, treeFileWeighting, treeJsonSchemaText } from './tree-file.js';

/** Each problem as `line path: found`. */
function problemsOf(text: string): string[] {
  return inputErrorOf(() => parseTreeText(text, 't.yaml')).problems.map((p) => `${p.line ?? '-'} ${p.path}: ${p.found}`);
}

describe('tree files', () => {
  it('reads vertices in the order edges first name them, every vertex a host unless hosts says otherwise', () => {
    const file = parseTreeText('{"edges": [["r", "a"], ["r", "b"]]}', 't.json');
    expect(file.vertices).toEqual(['r', 'a', 'b']);
    expect([...file.isHost]).toEqual([1, 1, 1]);
    expect(treeFileWeighting(file)).toBe('hops');
    const hosts = parseTreeText('{"edges": [["r", "a"], ["r", "b"]], "hosts": ["a", "b"]}', 't.json');
    expect([...hosts.isHost]).toEqual([0, 1, 1]);
  });

  it('takes a one-vertex tree from vertices, and lists vertices in their given order', () => {
    const single = treeFileTopology(parseTreeText('{"vertices": ["solo"], "edges": []}', 't.json'), 'hops')!;
    expect([...accumulatedHopDistance(single, 'all')]).toEqual([0]);
    expect(parseTreeText('{"vertices": ["b", "a"], "edges": [["a", "b"]]}', 't.json').vertices).toEqual(['b', 'a']);
  });

  it('weighs links by the file: weights as given, bandwidths as max/bandwidth, hops as 1', () => {
    // A–B–C with bandwidths 10 and 5: weights 1 and 2, so H(A) = 1 + 3 = 4; H(B) = 1 + 2 = 3; H(C) = 3 + 2 = 5.
    const file = parseTreeText('{"edges": [["A", "B"], ["B", "C"]], "bandwidths": [10, 5]}', 't.json');
    expect(treeFileWeighting(file)).toBe('bandwidth');
    expect([...accumulatedHopDistance(treeFileTopology(file, 'bandwidth')!, 'all')]).toEqual([4, 3, 5]);
    expect([...accumulatedHopDistance(treeFileTopology(file, 'hops')!, 'all')]).toEqual([3, 2, 3]);
    expect(treeFileTopology(file, 'weights')).toBeUndefined();
    const weighted = parseTreeText('{"edges": [["A", "B"], ["B", "C"]], "weights": [0, 7]}', 't.json');
    // H(A) = 0 + 7, H(B) = 0 + 7, H(C) = 7 + 7.
    expect([...accumulatedHopDistance(treeFileTopology(weighted, 'weights')!, 'all')]).toEqual([7, 7, 14]);
  });

  it('refuses what is not a tree, naming the link: a cycle, separate parts, a self-loop, a link given twice', () => {
    expect(problemsOf('edges:\n  - [A, B]\n  - [B, C]\n  - [C, A]\n')).toEqual([
      "4 edges[2]: a link closing a cycle: 'C' and 'A' are already joined by earlier links",
    ]);
    expect(problemsOf('edges:\n  - [A, B]\n  - [C, D]\n')).toEqual(['2 edges: 2 separate parts: {A, B}, {C, D}']);
    expect(problemsOf('edges:\n  - [A, B]\n  - [B, B]\n')).toEqual(["3 edges[1]: a link from 'B' to itself"]);
    expect(problemsOf('edges:\n  - [A, B]\n  - [B, A]\n')).toEqual(["3 edges[1]: 'B' and 'A' linked again (edges[0])"]);
    expect(problemsOf('edges: []\n')).toEqual(['1 edges: an empty list']);
  });

  it('refuses unknown vertices, repeated ones, negative weights and lists of the wrong length, each at its field', () => {
    expect(problemsOf('vertices: [A, B]\nedges:\n  - [A, Z]\n')).toEqual(["3 edges[0][1]: 'Z'"]);
    expect(problemsOf('vertices: [A, A, B]\nedges: [[A, B]]\n')).toEqual(["1 vertices[1]: 'A' again"]);
    expect(problemsOf('edges: [[A, B]]\nhosts: [A, Q, A]\n')).toEqual(["2 hosts[1]: 'Q'", "2 hosts[2]: 'A' again"]);
    expect(problemsOf('edges: [[A, B], [B, C]]\nweights: [1, -2]\n')).toEqual(['2 weights[1]: -2']);
    expect(problemsOf('edges: [[A, B], [B, C]]\nweights: [1]\n')).toEqual(['2 weights: a list of 1']);
    expect(problemsOf('edges: [[A, B]]\nweights: [1]\nbandwidths: [0]\n')).toEqual(['3 bandwidths[0]: 0']);
    expect(problemsOf('edges: [[A, B]]\nweights: [1]\nbandwidths: [2]\n')).toEqual(['3 bandwidths: both']);
    expect(problemsOf('edges: [[A]]\n')).toEqual(['1 edges[0]: a list of 1']);
    expect(problemsOf('edge: [[A, B]]\n')).toEqual(['1 edges: nothing (the field is missing)', "1 edge: unknown field 'edge'"]);
  });

  it('refuses empty, non-mapping and malformed documents with what it expected', () => {
    expect(inputErrorOf(() => parseTreeText('', 'e.json')).problems[0].found).toBe('an empty document');
    expect(inputErrorOf(() => parseTreeText('[1]', 'l.json')).problems[0].expected).toBe('a mapping (an object)');
    expect(inputErrorOf(() => parseTreeText('{"edges": [', 's.json')).problems[0].expected).toBe('valid YAML or JSON');
  });

  it('checks a path of 10,001 vertices, reporting its one cycle', () => {
    const n = 10_000;
    const edges = Array.from({ length: n }, (_, i) => [`v${i}`, `v${i + 1}`]);
    expect(parseTreeText(JSON.stringify({ edges }), 'p.json').vertices.length).toBe(n + 1);
    edges.push(['v0', `v${n}`]);
    const error = inputErrorOf(() => parseTreeText(JSON.stringify({ edges }), 'p.json'));
    expect(error.problems.map((p) => p.path)).toEqual([`edges[${n}]`]);
  });
});

describe('docs/tree.schema.json', () => {
  it('is generated from the input schema (run `npm run schema` after changing the format)', () => {
    expectSchemaFileInStep('tree.schema.json', treeJsonSchemaText());
  });
});
