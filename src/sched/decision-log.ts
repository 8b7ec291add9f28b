/**
 * The decision log (`--explain`): for every launch, why the scheduler made
 * it, in the terms of the parts that made it. The job order says why the job
 * got the slot (a pool's share, a queue's fill, a place in a plan), the
 * placement why this task runs on this node (the locality a job's wait allows,
 * a planned slot).
 *
 * The engine knows no scheduler by name: a composed policy kept with a log
 * hands its parts a `Decisions` that records each launch it carries out and,
 * right then (before the part's own bookkeeping of the launch), asks the
 * parts involved for their reasons through the optional `explainOffer` and
 * `explainLaunch` (`parts.ts`). A part without them gives no reason; a run
 * without a log pays nothing (the policy hands on the runtime's own
 * `Decisions`).
 */
import type { ClusterView, Decisions, JobView, LocalityLevel, NodeView } from '../sim/policy.js';
import type { JobOrder, LaunchContext, MapPlacement, ReducePlacement, SlotKind } from './parts.js';

export interface LaunchDecision {
  /** The launch's place in the run, from 0: its row in the run's attempts (tasks.csv). */
  readonly launch: number;
  readonly time: number;
  readonly node: string;
  readonly job: string;
  readonly kind: SlotKind;
  readonly task: number;
  /** A map's locality. */
  readonly locality?: 'node' | 'rack' | 'off';
  /** The run's scheduler, as named (`fair`, `fifo+delay`). */
  readonly scheduler: string;
  /** The job order's reason, or null: no order was asked (a placement launched a planned task) or it gives none. */
  readonly order: string | null;
  /** The placement's reason, or null when it gives none. */
  readonly placement: string | null;
}

/** Where a run's decisions go, one call per launch, in launch order. */
export type DecisionLog = (decision: LaunchDecision) => void;

const LOCALITIES = ['node', 'rack', 'off'] as const;

/** The `Decisions` a composed policy with a log hands its parts; one per run, pointed at each heartbeat in turn. */
export class ExplainingDecisions implements Decisions {
  private inner!: Decisions;
  private node!: NodeView;
  private view!: ClusterView;
  private launches = 0;
  offered = false;
  pass = 0;

  constructor(
    private readonly scheduler: string,
    private readonly log: DecisionLog,
    private readonly order: JobOrder,
    private readonly maps: MapPlacement,
    private readonly reduces: ReducePlacement,
  ) {}

  /** Points the recorder at a heartbeat's node and the runtime's decisions. */
  heartbeat(inner: Decisions, node: NodeView, view: ClusterView): this {
    this.inner = inner;
    this.node = node;
    this.view = view;
    this.offered = false;
    this.pass = 0;
    return this;
  }

  launchMap(job: JobView, task: number): LocalityLevel {
    const locality = this.inner.launchMap(job, task);
    this.record(job, 'map', task, this.maps.explainLaunch?.(job, task, this.node, this.view, this.context()) ?? null, LOCALITIES[locality]);
    return locality;
  }

  launchReduce(job: JobView, task: number): void {
    this.inner.launchReduce(job, task);
    this.record(job, 'reduce', task, this.reduces.explainLaunch?.(job, task, this.node, this.view, this.context()) ?? null, undefined);
  }

  kill(job: JobView, kind: SlotKind, task: number): void {
    this.inner.kill(job, kind, task);
  }

  replicate(job: JobView, task: number, node: number): void {
    this.inner.replicate(job, task, node);
  }

  wakeAt(time: number): void {
    this.inner.wakeAt(time);
  }

  private context(): LaunchContext {
    return { offered: this.offered, pass: this.pass };
  }

  private record(job: JobView, kind: SlotKind, task: number, placement: string | null, locality: LaunchDecision['locality']): void {
    this.log({
      launch: this.launches++,
      time: this.view.now,
      node: this.node.spec.id,
      job: job.spec.id,
      kind,
      task,
      ...(locality === undefined ? {} : { locality }),
      scheduler: this.scheduler,
      order: this.offered ? (this.order.explainOffer?.(job, kind, this.view) ?? null) : null,
      placement,
    });
  }
}
