/**
 * A sweep table as a Parquet file (`--format parquet`), for tools that read
 * columns with their types: text, 64-bit floats for the metrics (at full
 * precision, where the CSV rounds to 6 decimals), 32-bit integers for seeds
 * and counts, booleans; empty cells are nulls. Written by hyparquet-writer
 * (pure JavaScript, no native code), uncompressed, with no timestamp in the
 * file: the same table gives the same bytes.
 */
import { parquetWriteBuffer } from 'hyparquet-writer';
import type { SweepTable } from './sweep-tables.js';

export function tableParquet(table: SweepTable): Uint8Array {
  const columnData = table.columns.map((column, c) => {
    const values = table.rows.map((row) => row[c]);
    return {
      name: column.name,
      type: column.type,
      nullable: true,
      // A text column of parameter values may hold numbers: as text, like the CSV.
      data: column.type === 'STRING' ? values.map((v) => (v === null ? null : String(v))) : values,
    };
  });
  return new Uint8Array(parquetWriteBuffer({ columnData, codec: 'UNCOMPRESSED', createdBy: 'mrsched' }));
}
