export { readSweepSpec, parseSweepSpecText, sweepJsonSchemaText, SWEEP_LIMITS, type SweepSpec, type SweepSpecFile } from './sweep-spec.js';
export { planSweep, type SweepPlan } from './sweep-plan.js';
export type { CellDescriptor, CellInput } from './cell.js';
export { runSweep, type RunSweepOptions, type SweepRunSummary } from './run-sweep.js';
export { IncompleteSweep, mergeSweeps, type MergeSummary } from './merge-sweeps.js';
export { parseShard, type Shard } from './shard.js';
export { CELLS_DIR, MANIFEST_FILE, readManifest, readCells, type CellRecord, type SweepManifest } from './cell-store.js';
export { cellGroups, type CellGroup } from './sweep-tables.js';
export { OUTPUT_FILES, PARQUET_FILES } from './sweep-outputs.js';
