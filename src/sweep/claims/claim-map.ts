/**
 * A claim map: a paper's headline claims, each judged at every cell of a
 * grid of the settings the paper left open or we assumed, laid out for
 * reading as panels (one per combination of the axes that are neither rows
 * nor columns) of rows × columns.
 */
import type { Claim } from './claim.js';
import type { ClaimCell } from './judge-claim.js';

export interface ClaimMapAxis {
  /** As a reader names it: "speed ratio". */
  readonly name: string;
  /** Its values as text, in the grid's order. */
  readonly values: readonly string[];
}

export interface JudgedClaim {
  readonly claim: Claim;
  readonly cells: readonly ClaimCell[];
  /** The region where it holds, in a sentence (claim-summary.ts). */
  readonly summary: string;
}

export interface ClaimMap {
  /** For the heading: the experiment's name and the map's directory. */
  readonly name: string;
  readonly description: string;
  readonly axes: readonly ClaimMapAxis[];
  /** The axis shown down each panel, and the one across (none: one column). */
  readonly rows: number;
  readonly columns: number | null;
  readonly replications: number;
  readonly claims: readonly JudgedClaim[];
}

export interface ClaimPanel {
  /** The other axes' values, "cluster = 8 machines, …"; empty when rows and columns are all the axes. */
  readonly heading: string;
  /** By row value, then column value; undefined where the grid has no such cell. */
  readonly cells: readonly (readonly (ClaimCell | undefined)[])[];
}

/** A claim's cells as panels, in the axes' orders. */
export function claimPanels(map: ClaimMap, claim: JudgedClaim): ClaimPanel[] {
  const panelAxes = map.axes.map((_, a) => a).filter((a) => a !== map.rows && a !== map.columns);
  const panelKey = (coordinates: readonly string[]) => JSON.stringify(panelAxes.map((a) => coordinates[a]));
  const headings = new Map<string, string>();
  for (const combination of combinations(panelAxes.map((a) => map.axes[a].values))) {
    headings.set(JSON.stringify(combination), combination.map((value, i) => `${map.axes[panelAxes[i]].name} = ${value}`).join(', '));
  }
  const columnValues = map.columns === null ? [null] : map.axes[map.columns].values;
  return [...headings].flatMap(([key, heading]) => {
    const own = claim.cells.filter((cell) => panelKey(cell.coordinates) === key);
    if (own.length === 0) return [];
    const cells = map.axes[map.rows].values.map((row) =>
      columnValues.map((column) => own.find((cell) => cell.coordinates[map.rows] === row && (map.columns === null || cell.coordinates[map.columns] === column))),
    );
    return [{ heading, cells }];
  });
}

/** Every combination of one value from each list, the first list varying slowest. */
function combinations(lists: readonly (readonly string[])[]): string[][] {
  let result: string[][] = [[]];
  for (const list of lists) result = result.flatMap((prefix) => list.map((value) => [...prefix, value]));
  return result;
}
