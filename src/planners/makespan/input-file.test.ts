import { describe, expect, it } from 'vitest';
import { makespanJsonSchemaText, parseMakespanText } from './input-file.js';
import { expectSchemaFileInStep } from '../../test-support/schema-file.js';
import { inputErrorOf } from '../../test-support/input-error.js';

const problemsOf = (text: string) => inputErrorOf(() => parseMakespanText(text, 'in.yaml')).problems;

describe('parseMakespanText', () => {
  it('reads the issue\'s JSON form', () => {
    const problem = parseMakespanText(
      '{"cluster": {"mapSlots": 30, "reduceSlots": 30}, "jobs": [{"id": "J1", "mapSlots": 30, "reduceSlots": 30, "mapDuration": 4, "reduceDuration": 5}]}',
      'in.json',
    );
    expect(problem).toEqual({
      cluster: { mapSlots: 30, reduceSlots: 30 },
      jobs: [{ id: 'J1', mapSlots: 30, reduceSlots: 30, mapDuration: 4, reduceDuration: 5 }],
    });
  });

  it('takes per-task durations instead of stage durations, slots defaulting to one per task, and durations with units', () => {
    const problem = parseMakespanText(
      'cluster: { mapSlots: 8, reduceSlots: 8, nodes: 4 }\njobs:\n  - { id: J1, mapTasks: [9, 9, 9], reduceTasks: [10], mapSlots: 2 }\n  - { id: J2, mapDuration: 2 min, mapSlots: 4, reduceDuration: 30s, reduceSlots: 1 }\n',
      'in.yaml',
    );
    expect(problem.jobs[0]).toMatchObject({ mapSlots: 2, reduceSlots: 1, mapTasks: [9, 9, 9] });
    expect(problem.jobs[1]).toMatchObject({ mapDuration: 120, reduceDuration: 30 });
  });

  it('refuses a negative duration, a missing one, zero slots and a duplicate id, each at its line', () => {
    const text = [
      'cluster: { mapSlots: 0, reduceSlots: 30 }', // 1
      'jobs:', // 2
      '  - { id: J1, mapSlots: 30, reduceSlots: 30, mapDuration: -4, reduceDuration: 5 }', // 3
      '  - { id: J2, mapSlots: 30, reduceSlots: 30, mapDuration: 1 }', // 4
      '',
    ].join('\n');
    const problems = problemsOf(text);
    expect(problems.map((p) => [p.line, p.path])).toEqual([
      [1, 'cluster.mapSlots'],
      [3, 'jobs[0].mapDuration'],
    ]);
    expect(problems[0]).toMatchObject({ expected: 'a number ≥ 1', found: '0' });
    expect(problems[1].found).toBe('-4');
    // Rules across fields come once the fields themselves are right.
    const fixed = text.replace('mapSlots: 0', 'mapSlots: 30').replace('-4', '4').replace('J2', 'J1');
    expect(problemsOf(fixed).map((p) => [p.line, p.path, p.found])).toEqual([
      // The missing field points at its job (column 5), before the id's value.
      [4, 'jobs[1].reduceDuration', 'neither'],
      [4, 'jobs[1].id', "'J1' again"],
    ]);
  });

  it('refuses an id holding a control or a bidirectional formatting character, which would print as another id', () => {
    const problems = problemsOf('cluster: { mapSlots: 1, reduceSlots: 1 }\njobs:\n  - { id: "J\\u202e1", mapDuration: 1, reduceDuration: 1 }\n  - { id: "J\\e2", mapDuration: 1, reduceDuration: 1 }\n');
    expect(problems.map((p) => [p.line, p.path, p.expected])).toEqual([
      [3, 'jobs[0].id', 'an id without control or bidirectional formatting characters'],
      [4, 'jobs[1].id', 'an id without control or bidirectional formatting characters'],
    ]);
  });

  it('refuses an empty job list, a missing cluster, an unknown field and both a duration and tasks', () => {
    expect(problemsOf('cluster: { mapSlots: 1, reduceSlots: 1 }\njobs: []\n')[0]).toMatchObject({ path: 'jobs', expected: 'at least 1 item' });
    expect(problemsOf('jobs: [{ id: a, mapSlots: 1, reduceSlots: 1, mapDuration: 1, reduceDuration: 1 }]\n')[0]).toMatchObject({
      path: 'cluster',
      found: 'nothing (the field is missing)',
    });
    expect(problemsOf('cluster: { mapSlots: 1, reduceSlots: 1 }\njobs: [{ id: a, mapslots: 1 }]\n')[0].expected).toMatch(/did you mean 'mapSlots'/);
    const both = problemsOf('cluster: { mapSlots: 1, reduceSlots: 1 }\njobs: [{ id: a, mapSlots: 1, reduceSlots: 1, mapDuration: 1, mapTasks: [1], reduceDuration: 1 }]\n');
    expect(both[0]).toMatchObject({ path: 'jobs[0].mapTasks', expected: 'only one of mapDuration and mapTasks', found: 'both' });
  });

  it('asks for the slots a stage duration was measured on, and nodes that divide the slots', () => {
    const problems = problemsOf('cluster: { mapSlots: 10, reduceSlots: 9, nodes: 5 }\njobs: [{ id: a, mapDuration: 1, reduceTasks: [1] }]\n');
    expect(problems.map((p) => p.path)).toEqual(['cluster.reduceSlots', 'jobs[0].mapSlots']);
    expect(problems[0].expected).toMatch(/multiple of cluster.nodes \(5\)/);
  });

  it('refuses an empty document and text that is not YAML', () => {
    expect(problemsOf('')[0]).toMatchObject({ found: 'an empty document' });
    expect(problemsOf('cluster: [\n')[0].expected).toBe('valid YAML or JSON');
  });
});

describe('docs/makespan.schema.json', () => {
  it('is generated from the input schema (run `npm run schema` after changing the format)', () => {
    expectSchemaFileInStep('makespan.schema.json', makespanJsonSchemaText());
  });
});
