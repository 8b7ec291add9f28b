/** The SWIM trace importer (Facebook 2009/2010 workloads of the SWIM project). */
export { importSwim } from './import-swim.js';
export { SWIM_DEFAULTS, SWIM_MIN_INPUT_BYTES, SWIM_MIN_NONZERO_BYTES, type SwimImportOptions } from './swim-options.js';
export { SWIM_COLUMNS } from './swim-record.js';
