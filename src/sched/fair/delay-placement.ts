/**
 * Delay scheduling as a map placement (the Fair Scheduler's own, and the
 * `delay` placement any scheduler can take): a job offered a map slot takes
 * a map at the locality level its wait allows on the node, or declines, and
 * its wait grows (`delay-scheduling.ts` keeps the waits as Hadoop 1's Fair
 * Scheduler does). From Zaharia et al., "Delay Scheduling: A Simple
 * Technique for Achieving Locality and Fairness in Cluster Scheduling"
 * (EuroSys 2010).
 *
 * As the `delay` placement its options are `schedulerOptions.delay`
 * (`nodeLocalityDelay`, `rackLocalityDelay`, `localityDelay`, with the Fair
 * Scheduler's defaults); the Fair Scheduler builds its own with the delays
 * of `schedulerOptions.fair`.
 */
import type { ClusterView, Decisions, JobView, MapPlacement, MapPlacementFactory, NodeView } from '../types.js';
import { DelayScheduling, LocalityWait, type LocalityDelays } from './delay-scheduling.js';
import { DELAY_OPTION_DESCRIPTIONS, delayOptions, localityDelays, type DelayOptions } from './options.js';

const LEVEL_NAMES = ['node-local maps only', 'rack-local maps', 'any map'];

export class DelayPlacement implements MapPlacement {
  private readonly delay: DelayScheduling;
  /** Per job index, while the job is active (grown as jobs arrive). */
  private readonly waits: (LocalityWait | undefined)[] = [];

  constructor(delays: LocalityDelays) {
    this.delay = new DelayScheduling(delays);
  }

  onJobSubmitted(job: JobView): void {
    this.waits[job.index] = new LocalityWait();
  }

  onJobFinished(job: JobView): void {
    this.waits[job.index] = undefined;
  }

  beginHeartbeat(_node: NodeView, view: ClusterView): void {
    this.delay.heartbeat(view.now);
  }

  /** The locality level the job's wait allowed (read before the launch resets it). */
  explainLaunch(job: JobView): string {
    const wait = this.waits[job.index]!;
    const { node, rack } = this.delay.delays;
    return `delay scheduling allowed ${LEVEL_NAMES[this.delay.allowed(wait)]} after the job waited ${wait.waited.toFixed(1)} s since its last map (waits: ${node} s for node-local, ${rack} s more for rack-local)`;
  }

  place(job: JobView, node: NodeView, view: ClusterView, decisions: Decisions): boolean {
    const wait = this.waits[job.index]!;
    const task = view.findMap(job, node, this.delay.allowed(wait));
    if (task >= 0) {
      this.delay.launched(wait, decisions.launchMap(job, task));
      return true;
    }
    this.delay.markSkipped(wait);
    return false;
  }
}

export const delayPlacement: MapPlacementFactory<DelayOptions> = {
  kind: 'map-placement',
  name: 'delay',
  summary: 'Delay scheduling: a job waits a few seconds for a node-local, then a rack-local map slot before it takes any.',
  source: 'Zaharia et al., "Delay Scheduling", EuroSys 2010, as in the Apache Hadoop 1 FairScheduler',
  options: delayOptions,
  optionDescriptions: DELAY_OPTION_DESCRIPTIONS,
  create: (setup) => new DelayPlacement(localityDelays(setup.options, setup.settings)),
};
