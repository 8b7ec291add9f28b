export { simulate } from './simulate.js';
export type { SimulateOptions, SimulationProgress } from './runtime.js';
export { TreeNetwork, type NetworkModel } from './network/network.js';
export * from './policy.js';
export { checkRunInvariants } from './invariants.js';
export type { BackupRuleFactory, BackupRuleSite } from './backup-rules.js';
export type { BackupRule, SpeculationContext, TaskColumns, RulesTold } from './backup-rule.js';
export { ReplayedBackups } from './replayed-backups.js';
