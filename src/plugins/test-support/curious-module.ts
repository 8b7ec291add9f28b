/**
 * A scheduler module that looks at everything it is handed: the API at
 * loading, the setup at creation, and the job, node, view and decisions at
 * every offer, walking each (`truth-walker.ts`). It schedules like FIFO with
 * Hadoop's placements. The test that loads it says what it must not find
 * (`sought`) and reads where it found it (`found`).
 */
import type { SchedulerModuleApi } from '../scheduler-module-api.js';
import type { JobOrder, SchedulerFactory, SchedulerSetup } from '../../sched/types.js';
import { walkForTruth } from '../../test-support/truth-walker.js';

export interface CuriousFactory extends SchedulerFactory {
  /** What the walks look for: numbers no run computes by chance, and field names of the truth. */
  sought: { numbers: ReadonlySet<number>; names: ReadonlySet<string> };
  readonly found: string[];
  /** Objects walked, to show the walks went somewhere. */
  walked: number;
}

export default function register(mrsched: SchedulerModuleApi): CuriousFactory[] {
  const factory: CuriousFactory = {
    name: 'curious',
    summary: 'FIFO that walks everything it is handed (a test module).',
    source: 'src/plugins/test-support/curious-module.ts',
    options: mrsched.NO_OPTIONS,
    optionDescriptions: {},
    placements: { map: 'locality', reduce: 'hadoop' },
    sought: { numbers: new Set(), names: new Set() },
    found: [],
    walked: 0,
    create(setup: SchedulerSetup) {
      const walk = (value: unknown, name: string): void => {
        const result = walkForTruth(value, name, factory.sought.numbers, factory.sought.names);
        factory.found.push(...result.found);
        factory.walked += result.visited;
      };
      walk(mrsched, 'api');
      walk(setup, 'setup');
      const fifo = new mrsched.QueueOrder(1);
      const order: JobOrder = {
        onJobSubmitted: (job) => fifo.onJobSubmitted(job),
        onJobFinished: (job) => fifo.onJobFinished(job),
        fill(kind, node, view, offer) {
          fifo.fill(kind, node, view, (job) => {
            walk({ job, node, view }, `offer(${kind})`);
            return offer(job);
          });
        },
      };
      return mrsched.composePolicy(setup, order, setup.mapPlacement!, setup.reducePlacement ?? undefined);
    },
  };
  return [factory];
}
