export * from './import-result.js';
export { importTrace, scenarioText, TRACE_FORMATS, TRACE_OPTIONS, type TraceFormat, type TraceOptions } from './import-trace.js';
export { readJsonSequence } from './json-sequence.js';
export { importSwim, SWIM_DEFAULTS, type SwimImportOptions } from './swim/index.js';
export { importRumen, RUMEN_DEFAULTS, type RumenImportOptions } from './rumen/index.js';
export { importSls, SLS_DEFAULTS, type SlsImportOptions } from './sls/index.js';
