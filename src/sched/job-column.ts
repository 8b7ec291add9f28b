/**
 * Per-job tables of numbers, by job index, that grow as jobs arrive: no
 * part knows how many jobs a run will bring, and indices are dense, in
 * submission order, so a table is grown when a job is submitted.
 */
type NumberColumn = Int32Array | Uint8Array | Float64Array;

/** `column`, or a copy twice as long or more, with room for `index`; new entries hold `fill`. */
export function withRoomFor<Column extends NumberColumn>(column: Column, index: number, fill = 0): Column {
  if (index < column.length) return column;
  const Table = column.constructor as new (length: number) => Column;
  const grown = new Table(Math.max(index + 1, 2 * column.length, MIN_LENGTH));
  grown.set(column);
  if (fill !== 0) grown.fill(fill, column.length);
  return grown;
}

const MIN_LENGTH = 16;
