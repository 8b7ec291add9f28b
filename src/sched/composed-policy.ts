/**
 * A `Policy` assembled from a job order, a map placement and a reduce
 * placement (`parts.ts` says how they cooperate at a heartbeat). Run events go
 * to the three parts in that order; the policy listens only for the events
 * some part listens for, since the runtime builds a report for each
 * `onTaskEnded` only when someone listens. It declines until the state
 * changes while all three parts say so: a part may stop saying so during the
 * run (the Capacity Scheduler's order, once it hears of a node failure), and
 * the runtime asks at every heartbeat. With a decision log
 * (`decision-log.ts`) the parts launch through a recorder that asks them why.
 */
import type { RunPlan } from '../model/run-record.js';
import { PolicyError, type ClusterView, type Decisions, type JobView, type NodeView, type Policy, type RunEvents } from '../sim/policy.js';
import { ExplainingDecisions, type DecisionLog } from './decision-log.js';
import type { JobOrder, MapPlacement, Offer, ReducePlacement } from './parts.js';
import type { SchedulerSetup } from './types.js';

type EventName = keyof RunEvents;
const EVENTS: readonly EventName[] = ['onJobSubmitted', 'onJobFinished', 'onTaskEnded', 'onNodeFailed', 'onNodeRecovered', 'onWake'];

export class ComposedPolicy implements Policy {
  readonly plan?: RunPlan;
  onJobSubmitted?: RunEvents['onJobSubmitted'];
  onJobFinished?: RunEvents['onJobFinished'];
  onTaskEnded?: RunEvents['onTaskEnded'];
  onNodeFailed?: RunEvents['onNodeFailed'];
  onNodeRecovered?: RunEvents['onNodeRecovered'];
  onWake?: RunEvents['onWake'];
  mayStartApplicationMaster?: Policy['mayStartApplicationMaster'];

  // The heartbeat being answered, read by the two offers (bound once, not per heartbeat).
  private node!: NodeView;
  private view!: ClusterView;
  private decisions!: Decisions;
  private pass = 0;
  /** Set when the run keeps a decision log: the parts launch through it, and it asks them why. */
  private readonly explaining: ExplainingDecisions | null;
  private readonly offerMap: Offer = (job: JobView) => {
    const free = this.node.freeMapSlots;
    const placed = this.maps.place(job, this.node, this.view, this.decisions, this.pass);
    // An order fills slots until they are full: a placement that says it launched and did not would loop it forever.
    if (placed && this.node.freeMapSlots >= free) throw new PolicyError(this.name, `its map placement took an offer for job '${job.spec.id}' and launched nothing`);
    return placed;
  };
  private readonly offerReduce: Offer = (job: JobView) => {
    const free = this.node.freeReduceSlots;
    const placed = this.reduces.place(job, this.node, this.view, this.decisions);
    if (placed && this.node.freeReduceSlots >= free) throw new PolicyError(this.name, `its reduce placement took an offer for job '${job.spec.id}' and launched nothing`);
    return placed;
  };

  constructor(
    readonly name: string,
    readonly order: JobOrder,
    readonly maps: MapPlacement,
    readonly reduces: ReducePlacement,
    log: DecisionLog | null = null,
  ) {
    this.explaining = log === null ? null : new ExplainingDecisions(name, log, order, maps, reduces);
    if (order.plan !== undefined) this.plan = order.plan;
    // Present only when the order has a say, so that the runtime asks nothing otherwise.
    if (order.mayStartApplicationMaster !== undefined) this.mayStartApplicationMaster = order.mayStartApplicationMaster.bind(order);
    const parts: RunEvents[] = [order, maps, reduces];
    for (const event of EVENTS) {
      const listeners = parts.filter((part) => part[event] !== undefined);
      if (listeners.length === 0) continue;
      // Each part's hook is called as a method of its part, with the arguments the runtime gave.
      this[event] = ((...args: unknown[]) => {
        for (const part of listeners) (part[event] as (...a: unknown[]) => void).apply(part, args);
      }) as never;
    }
  }

  get declinesUntilStateChanges(): boolean {
    return this.order.declinesUntilStateChanges === true && this.maps.declinesUntilStateChanges === true && this.reduces.declinesUntilStateChanges === true;
  }

  onHeartbeat(node: NodeView, view: ClusterView, runtime: Decisions): void {
    const explaining = this.explaining?.heartbeat(runtime, node, view);
    const decisions = explaining ?? runtime;
    this.node = node;
    this.view = view;
    this.decisions = decisions;
    this.order.beginHeartbeat?.(node, view, decisions);
    this.maps.beginHeartbeat?.(node, view, decisions);
    this.reduces.beginHeartbeat?.(node, view, decisions);
    if (explaining !== undefined) explaining.offered = true;
    const passes = this.maps.passes ?? 1;
    for (this.pass = 0; this.pass < passes; this.pass++) {
      if (explaining !== undefined) explaining.pass = this.pass;
      if (node.freeMapSlots > 0 && (view.runnableMaps > 0 || view.mayBackUpMaps)) this.order.fill('map', node, view, this.offerMap);
    }
    if (node.freeReduceSlots > 0 && (view.runnableReduces > 0 || view.mayBackUpReduces)) this.order.fill('reduce', node, view, this.offerReduce);
  }
}

/**
 * The policy of a scheduler built from parts: its own job order, and the
 * placements the setup hands it (the user's choice, or the registered
 * default), else its own (`tailorsPlacements`).
 */
export function composePolicy(setup: SchedulerSetup, order: JobOrder, maps?: MapPlacement, reduces?: ReducePlacement): ComposedPolicy {
  const mapPlacement = setup.mapPlacement ?? maps;
  const reducePlacement = setup.reducePlacement ?? reduces;
  if (mapPlacement === undefined || reducePlacement === undefined) {
    const kind = mapPlacement === undefined ? 'map' : 'reduce';
    throw new Error(`'${setup.name}' has no ${kind} placement: name a registered one in the factory's placements, or pass one of its own to composePolicy`);
  }
  return new ComposedPolicy(setup.name, order, mapPlacement, reducePlacement, setup.explain);
}
