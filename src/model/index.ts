export * from './cluster.js';
export * from './workload.js';
export * from './scenario.js';
export * from './run-record.js';
export * from './recorded-run.js';
export * from './resources.js';
export * from './execution-history.js';
