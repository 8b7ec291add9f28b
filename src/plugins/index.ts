export { SCHEDULER_MODULE_API, type SchedulerModuleApi } from './scheduler-module-api.js';
export { registryWithModules } from './scheduler-modules.js';
