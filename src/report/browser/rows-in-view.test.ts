import { describe, expect, it } from 'vitest';
import { holdsNodeIn, rowsDrawn } from './rows-in-view.js';

describe('the rows a Gantt view shows', () => {
  it('draws the rows from the first in view to the last, a row partly in view counted', () => {
    expect(rowsDrawn(100, 0, 100)).toEqual([0, 99]);
    expect(rowsDrawn(100, 10.5, 4)).toEqual([10, 15]);
    expect(rowsDrawn(3, 0, 1)).toEqual([0, 1]);
    expect(rowsDrawn(0, 0, 1)).toEqual([0, -1]);
  });

  it('says whether the rows drawn hold a node of a range, the rows being nodes a filter kept', () => {
    const rows = [2, 3, 7, 40, 41, 90];
    // Every row drawn.
    expect(holdsNodeIn(rows, 0, 5, 0, 1)).toBe(false);
    expect(holdsNodeIn(rows, 0, 5, 0, 2)).toBe(true);
    expect(holdsNodeIn(rows, 0, 5, 8, 39)).toBe(false);
    expect(holdsNodeIn(rows, 0, 5, 8, 40)).toBe(true);
    expect(holdsNodeIn(rows, 0, 5, 91, 200)).toBe(false);
    expect(holdsNodeIn(rows, 0, 5, 90, 90)).toBe(true);
    // Rows 3 and 4 drawn (nodes 40 and 41): the nodes before and after them are not in view.
    expect(holdsNodeIn(rows, 3, 4, 0, 39)).toBe(false);
    expect(holdsNodeIn(rows, 3, 4, 41, 89)).toBe(true);
    expect(holdsNodeIn(rows, 3, 4, 42, 100)).toBe(false);
    // No row at all.
    expect(holdsNodeIn([], ...rowsDrawn(0, 0, 1), 0, 100)).toBe(false);
  });
});
