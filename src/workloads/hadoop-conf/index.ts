export { importHadoopConf, DEFAULT_RACK, type HadoopConfImport, type HadoopConfOptions } from './import-hadoop-conf.js';
export { JOBS_FORMATS, type JobsFormat } from './jobs-source.js';
export type { ConfScenario, ConfPool, ConfResources } from './conf-scenario.js';
