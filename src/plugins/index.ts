export { SCHEDULER_MODULE_API, type SchedulerModuleApi } from './scheduler-module-api.js';
export { registryWithModules } from './scheduler-modules.js';
export { processScheduler, registryWithProcesses } from './process/scheduler-processes.js';
export { PROTOCOL_VERSION, ProtocolError } from './process/decision-protocol.js';
