/**
 * YARN's Capacity Scheduler's locality delay (RegularContainerAllocator
 * canAssign and doAllocation, Hadoop 2 and 3): whether an application may
 * take a container of a node at a locality, given the scheduling
 * opportunities it has missed at the request's priority.
 *
 * - Node-local: at once.
 * - Rack-local: once the missed opportunities exceed
 *   min(cluster nodes, `node-locality-delay`).
 * - Off-switch: at once if the application asks for no place (only ANY);
 *   else, with `rack-locality-additional-delay` ≥ 0, once they exceed
 *   min(cluster nodes, node-locality-delay + rack-locality-additional-delay);
 *   with it -1 (the default, and Hadoop 2's only rule), once they exceed
 *   min(cluster nodes, outstanding containers × the locality wait factor),
 *   the factor being min(places asked for / cluster nodes, 1), places the
 *   distinct hosts and racks its requests name.
 * - The opportunity being decided counts among the missed ones (Hadoop adds
 *   it before it decides): with a delay of 40, the 41st offer may go
 *   rack-local.
 * - After a container, the count starts again from 0 if it was node-local,
 *   or rack-local with `rack-locality-full-reset` (true by default); never
 *   after an off-switch one, so that a job with much remote work is not
 *   delayed before each container.
 *
 * A delay of -1 is Hadoop's "unset" in older releases: min(nodes, -1) is
 * exceeded at the first opportunity, so rack-local comes at once (the
 * off-switch rule still applies).
 */

/** Hadoop's NodeType: how a container matched the request it was given for. */
export type ContainerLocality = 'node-local' | 'rack-local' | 'off-switch';

/** `yarn.scheduler.capacity.node-locality-delay`, `.rack-locality-additional-delay` and `.rack-locality-full-reset`. */
export interface LocalityDelays {
  readonly nodeLocalityDelay: number;
  readonly rackLocalityAdditionalDelay: number;
  readonly rackLocalityFullReset: boolean;
}

/** What an application asks for at one priority. */
export interface LocalityAsks {
  /** Containers asked for (the ANY request's count); at least 1. */
  readonly outstanding: number;
  /** The distinct hosts and racks its requests name, counted up to `atMost` (the count may stop there). */
  places(atMost: number): number;
}

/**
 * The locality at which an application may take a container of a node
 * whose best match for it is `best`, having missed `missed` opportunities
 * (this one included), or null when it lets the node pass. Hadoop tries
 * the node's request, then the rack's, then ANY: a rack-local match the
 * delay does not allow yet may still go off-switch.
 */
export function assignableLocality(best: ContainerLocality, missed: number, clusterNodes: number, asks: LocalityAsks, delays: LocalityDelays): ContainerLocality | null {
  if (mayAssign(best, missed, clusterNodes, asks, delays)) return best;
  return best === 'rack-local' && mayAssign('off-switch', missed, clusterNodes, asks, delays) ? 'off-switch' : null;
}

/** Whether an application that has missed `missed` opportunities (this one included) may take a container at `locality` (canAssign). */
export function mayAssign(locality: ContainerLocality, missed: number, clusterNodes: number, asks: LocalityAsks, delays: LocalityDelays): boolean {
  if (locality === 'node-local') return true;
  if (locality === 'rack-local') return Math.min(clusterNodes, delays.nodeLocalityDelay) < missed;
  if (asks.places(1) === 0) return true;
  if (delays.rackLocalityAdditionalDelay > -1) return Math.min(clusterNodes, delays.nodeLocalityDelay + delays.rackLocalityAdditionalDelay) < missed;
  // The wait factor is at most 1: past min(nodes, outstanding) the places need not be counted.
  if (Math.min(clusterNodes, asks.outstanding) < missed) return true;
  return Math.min(clusterNodes, asks.outstanding * localityWaitFactor(asks.places(clusterNodes), clusterNodes)) < missed;
}

/** min(places asked for / cluster nodes, 1): Hadoop's getLocalityWaitFactor, its unique asks less the ANY one. */
export function localityWaitFactor(places: number, clusterNodes: number): number {
  return Math.min(places / clusterNodes, 1);
}

/** Whether a container of `locality` starts the application's missed opportunities again from 0. */
export function resetsMissedOpportunities(locality: ContainerLocality, delays: LocalityDelays): boolean {
  return locality === 'node-local' || (locality === 'rack-local' && delays.rackLocalityFullReset);
}

/**
 * Whether no opportunity is ever missed: a rack-local and an off-switch
 * container are taken at the first offer whatever the asks
 * (node-locality-delay ≤ 0 and the two delays summing to at most 0).
 */
export function neverDelays(delays: LocalityDelays): boolean {
  return delays.nodeLocalityDelay <= 0 && delays.rackLocalityAdditionalDelay > -1 && delays.nodeLocalityDelay + delays.rackLocalityAdditionalDelay <= 0;
}
