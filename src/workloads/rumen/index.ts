export { importRumen } from './import-rumen.js';
export { RUMEN_DEFAULTS, RUMEN_DURATION_MODES, type RumenDurationMode, type RumenImportOptions } from './rumen-options.js';
