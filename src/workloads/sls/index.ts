export { importSls, SLS_HEARTBEAT_INTERVAL } from './import-sls.js';
export { SLS_DEFAULTS, type SlsImportOptions } from './sls-options.js';
