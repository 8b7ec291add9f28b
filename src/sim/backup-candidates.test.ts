import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BackupCandidates } from './backup-candidates.js';

/** Entries of attempts 0…n−1, attempt k of task `tasks[k]`, each with its end (the serial is the attempt). */
const entries = fc
  .array(fc.record({ task: fc.integer({ min: 0, max: 6 }), end: fc.oneof(fc.integer({ min: 0, max: 5 }), fc.constant(Infinity), fc.constant(-Infinity)) }), { maxLength: 60 })
  .map((list) => ({ taskOf: Int32Array.from(list.map((e) => e.task)), ends: list.map((e) => e.end) }));

function contents(c: BackupCandidates): [number, number, number][] {
  return Array.from({ length: c.count }, (_, k) => [c.attempts[k], c.ends[k], c.serials[k]]);
}

describe('the backup candidates', () => {
  it('stay sorted by end, ties with the lower task at the back, one by one or all at once', () => {
    fc.assert(
      fc.property(entries, fc.integer({ min: 0, max: 60 }), ({ taskOf, ends }, split) => {
        const oneByOne = new BackupCandidates();
        ends.forEach((end, attempt) => oneByOne.insert(attempt, end, attempt, taskOf));
        const rows = contents(oneByOne);
        for (let k = 1; k < rows.length; k++) {
          const [a, endA] = rows[k - 1];
          const [b, endB] = rows[k];
          expect(endA < endB || (endA === endB && taskOf[a] >= taskOf[b])).toBe(true);
        }
        // Some one by one, the rest at once: the same order of ends and tasks.
        const mixed = new BackupCandidates();
        const cut = Math.min(split, ends.length);
        for (let attempt = 0; attempt < cut; attempt++) mixed.insert(attempt, ends[attempt], attempt, taskOf);
        const rest = ends.slice(cut).map((_, k) => cut + k);
        mixed.insertAll(rest, rest.map((attempt) => ends[attempt]), rest, taskOf);
        const key = ([attempt, end]: [number, number, number]): string => `${end}:${taskOf[attempt]}`;
        expect(contents(mixed).map(key)).toEqual(rows.map(key));
        // Exactly: those in place and the new ones in the order they came, sorted stably by end, then the higher task.
        const inPlace = new BackupCandidates();
        for (let attempt = 0; attempt < cut; attempt++) inPlace.insert(attempt, ends[attempt], attempt, taskOf);
        const expected = [...contents(inPlace), ...rest.map((attempt): [number, number, number] => [attempt, ends[attempt], attempt])];
        expected.sort(([a, endA], [b, endB]) => (endA === endB ? taskOf[b] - taskOf[a] : endA < endB ? -1 : 1));
        expect(contents(mixed)).toEqual(expected);
      }),
    );
  });

  it('keep their order when filtered, and take more in their places after', () => {
    const taskOf = Int32Array.from([0, 1, 2, 3, 4]);
    const c = new BackupCandidates();
    [40, 10, 30, 20, 50].forEach((end, attempt) => c.insert(attempt, end, 100 + attempt, taskOf));
    c.filter((k) => c.attempts[k] !== 2);
    c.insertAll([5, 6], [35, 5], [105, 106], Int32Array.from([0, 1, 2, 3, 4, 5, 6]));
    expect(contents(c)).toEqual([
      [6, 5, 106],
      [1, 10, 101],
      [3, 20, 103],
      [5, 35, 105],
      [0, 40, 100],
      [4, 50, 104],
    ]);
  });
});
