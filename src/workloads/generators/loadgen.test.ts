import { describe, expect, it } from 'vitest';
import { parseScenarioText } from '../../input/load-scenario.js';
import { resolveScenario } from '../../input/resolve-scenario.js';
import { inputErrorOf } from '../../test-support/input-error.js';
import { scenarioText } from '../generated-scenario.js';
import { loadgenScenario } from './loadgen.js';

const typeOf = (id: string) => id.replace(/-\d+$/, '');
const countBy = (ids: readonly string[]) =>
  ids.reduce<Record<string, number>>((counts, id) => ({ ...counts, [typeOf(id)]: (counts[typeOf(id)] ?? 0) + 1 }), {});

describe('loadgen workload generator', () => {
  it('makes the mixed workload of 100 jobs on the Table 3 cluster with the Exp1 users, as a loadable scenario', () => {
    const generated = loadgenScenario();
    const scenario = parseScenarioText(scenarioText(generated, 'test', false), 'generated.yaml');
    expect(scenario.jobs).toHaveLength(100);
    expect(scenario.cluster.nodes.map((n) => n.id)).toEqual(['R1', 'R2', 'R3', 'R4', 'R5', 'R6']);
    expect(scenario.users.map((u) => [u.id, u.priority])).toEqual([
      ['User1', 3],
      ['User2', 2],
      ['User3', 3],
      ['User4', 2],
      ['User5', 1],
      ['User6', 2],
    ]);
    // Relative rates 1, 1/2, 1/2, 1/3 (sum 7/3) share 100 jobs: 42.86, 21.43, 21.43, 14.29 → 43, 21, 22, 14
    // (apportioned by rounding the running sums 42.86, 64.29, 85.71, 100).
    expect(countBy(scenario.jobs.map((j) => j.id))).toEqual({ small: 43, 'io-heavy': 21, 'cpu-heavy': 22, large: 14 });
    const large = scenario.jobs.find((j) => j.id.startsWith('large-'));
    expect(large?.maps).toHaveLength(10);
    expect(large?.reduces).toHaveLength(10);
  });

  it("scales Exp1's min shares and repeats Table 3's six resources, for claim maps over the values the paper lost", () => {
    const generated = loadgenScenario({ minShareScale: 0.5, clusterCopies: 2 });
    const scenario = parseScenarioText(scenarioText(generated, 'test', false), 'generated.yaml');
    expect(scenario.cluster.nodes.map((n) => n.id)).toEqual(['R1', 'R2', 'R3', 'R4', 'R5', 'R6', 'R1-2', 'R2-2', 'R3-2', 'R4-2', 'R5-2', 'R6-2']);
    expect(scenario.cluster.nodes[7].speed).toBe(1.5); // R2-2 is R2 again
    // 25, 10, 20, 15 slots of each kind halved and rounded (12.5 → 13, 7.5 → 8); User5 and User6 have none.
    expect(scenario.users.map((u) => u.minShare.map)).toEqual([13, 5, 10, 8, 0, 0]);
    expect(scenario.pools.filter((p) => p.minShare.map > 0).map((p) => [p.id, p.minShare.reduce])).toEqual([
      ['User1', 13],
      ['User2', 5],
      ['User3', 10],
      ['User4', 8],
    ]);
    // Twice the slot-speed units, so at the same load the streams arrive twice as often.
    const means = (copies: number) => (loadgenScenario({ clusterCopies: copies }).scenario.jobStreams ?? []).map((s) => (s.interarrival as { mean: number }).mean);
    expect(means(2)[0]).toBeCloseTo(means(1)[0] / 2, 9);
    expect(generated.notes.join('\n')).toContain('min shares times 0.5, rounded to whole slots');
  });

  it('scales the rates so that the busier stage is offered the asked load', () => {
    const { scenario } = loadgenScenario({ workload: 'cpu', rates: 'equal', load: 0.5 });
    // Equal rates λ for small (10 + 10 slot-s) and cpu-heavy (60 + 600 slot-s): reduce is busier,
    // 610·λ / 32 slot-speed units = 0.5 → λ = 16/610, mean interarrival 610/16 = 38.125 s per stream.
    const means = (scenario.jobStreams ?? []).map((s) => (s.interarrival as { mean: number }).mean);
    expect(means[0]).toBeCloseTo(38.125, 9);
    expect(means[1]).toBeCloseTo(38.125, 9);
  });

  it('gives larger jobs the higher rates under rates=larger, and plain users when asked', () => {
    const { scenario } = loadgenScenario({ rates: 'larger', users: 3, nodes: 30, jobs: 40 });
    const resolved = resolveScenario(scenario, 'generated');
    // Relative rates 1, 2, 2, 3 (sum 8) share 40 jobs: exactly 5, 10, 10, 15.
    expect(countBy(resolved.jobs.map((j) => j.id))).toEqual({ small: 5, 'io-heavy': 10, 'cpu-heavy': 10, large: 15 });
    expect(new Set(resolved.jobs.map((j) => j.user))).toEqual(new Set(['user1', 'user2', 'user3']));
    expect(resolved.cluster.nodes).toHaveLength(30);
  });

  it('reports every bad option by name, with what it expected and what it got', () => {
    const error = inputErrorOf(() => loadgenScenario({ jobs: '0', rates: 'often', load: 'x', colour: 'red' } as never));
    const byPath = Object.fromEntries(error.problems.map((p) => [p.path, p]));
    expect(byPath.jobs).toMatchObject({ expected: 'a whole number from 1 to 1000000', found: "'0'" });
    expect(byPath.rates).toMatchObject({ expected: 'one of smaller, equal, larger', found: "'often'" });
    expect(byPath.load.found).toBe("'x'");
    expect(byPath.colour).toMatchObject({ expected: 'a known option' });
  });

  it('refuses a load too small for the rates to stay finite as the option, not as the scenario it would generate', () => {
    const error = inputErrorOf(() => loadgenScenario({ load: '1e-320' }));
    expect(error.source).toBe('loadgen options');
    expect(error.problems).toEqual([{ path: 'load', expected: 'a number from 0.000001 to 10', found: "'1e-320'" }]);
  });

  it('releases every job at time 0 with arrivals=batch, in the same mix', () => {
    const resolved = resolveScenario(loadgenScenario({ arrivals: 'batch', jobs: 30 }).scenario, 'batch');
    expect(resolved.jobs.every((job) => job.submitTime === 0)).toBe(true);
    // The smaller-first rates 1, 1/2, 1/2, 1/3 (sum 7/3) share 30 jobs by the running sums 12.86, 19.29, 25.71, 30
    // rounded: 13, 19, 26, 30.
    expect(countBy(resolved.jobs.map((j) => j.id))).toEqual({ small: 13, 'io-heavy': 6, 'cpu-heavy': 7, large: 4 });
  });
});
