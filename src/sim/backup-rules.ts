/**
 * Which rule backs up a job's tasks of a kind under speculative execution:
 * the one `settings.speculation.policy` names (`builtinBackupRules`), or one
 * a caller of `simulate` brings (`SimulateOptions.backupRules`: a straggler
 * policy of its own, or a replay of another run's backups).
 */
import type { SpeculationPolicy } from '../model/scenario.js';
import type { BackupRule, SpeculationContext, TaskColumns } from './backup-rule.js';
import { Hadoop1Speculation } from './hadoop1-speculation.js';
import { LateSpeculation } from './late-speculation.js';
import { YarnSpeculation } from './yarn-speculation.js';

/** What a job's rule for one kind of task is made from, as the job is submitted. */
export interface BackupRuleSite {
  /** The job's index in the workload. */
  readonly job: number;
  /** Its maps (else its reduces). */
  readonly isMap: boolean;
  readonly columns: TaskColumns;
  readonly context: SpeculationContext;
  /** The job's tasks of the kind waiting for a slot. */
  readonly pending: () => number;
}

/** Makes each job's rule for each kind `settings.speculation` backs up. */
export type BackupRuleFactory = (site: BackupRuleSite) => BackupRule;

/** The rules `settings.speculation.policy` names (`docs/model.md`, "Speculative execution"). */
export function builtinBackupRules(policy: SpeculationPolicy): BackupRuleFactory {
  switch (policy) {
    case 'yarn':
      return ({ columns, context, pending }) => new YarnSpeculation(columns, context, pending);
    case 'late':
      return ({ columns, context }) => new LateSpeculation(columns, context);
    case 'hadoop1':
      return ({ columns, context }) => new Hadoop1Speculation(columns, context);
  }
}
