/**
 * The setting of Rasooli and Down's experiments ("An adaptive scheduling
 * algorithm for dynamic heterogeneous Hadoop systems", CASCON 2011): the six
 * resources of their Table 3 and the six users of their worked example Exp1
 * (Table 1). What the surviving text lost is assumed exactly as in
 * examples/rasooli-down-exp1.yaml, whose comments give the reasons.
 */
import type { ScenarioFile } from '../../input/scenario-file.js';

/** Table 3's resources: speed and storage read rate (speeds R1–R5 and every rate but R6's assumed). */
export const RASOOLI_NODES = [
  { id: 'R1', speed: 1, diskReadRate: '40 Mbps' },
  { id: 'R2', speed: 1.5, diskReadRate: '100 Gbps' },
  { id: 'R3', speed: 1.5, diskReadRate: '100 Gbps' },
  { id: 'R4', speed: 1, diskReadRate: '40 Mbps' },
  { id: 'R5', speed: 1, diskReadRate: '40 Mbps' },
  { id: 'R6', speed: 2, diskReadRate: '100 Gbps' },
] as const;

/** Slots of each kind per resource: 8 slots split 4 + 4 (the split is assumed). */
export const RASOOLI_SLOTS = 4;

/**
 * Table 3's cluster: R1–R6 on one switch at 100 Mbps; with `copies` > 1,
 * the six resources that many times over on the switch (R1 … R6, then
 * R1-2 … R6-2, …), for a larger cluster of the same mix.
 */
export function rasooliCluster(copies = 1): ScenarioFile['cluster'] {
  const nodes = Array.from({ length: copies }, (_, c) => RASOOLI_NODES.map((node) => ({ ...node, id: c === 0 ? node.id : `${node.id}-${c + 1}` }))).flat();
  return {
    defaults: { mapSlots: RASOOLI_SLOTS, reduceSlots: RASOOLI_SLOTS, bandwidth: '100 Mbps' },
    racks: [{ id: 'rack1', uplinkBandwidth: '10 Gbps', nodes }],
  };
}

export const RASOOLI_CLUSTER_NOTE =
  "Cluster: Table 3's six resources on one 100 Mbps switch, 4 map + 4 reduce slots each; speeds 1, 1.5, 1.5, 1, 1, 2 (only R6's 4.2 GHz survives, taken as speed 2); storage read 40 Mbps on R1, R4, R5 and 100 Gbps on R2, R3, R6.";

/** Table 1: min share (slots, split evenly into map and reduce) and priority of each user. */
export const EXP1_USERS = [
  { id: 'User1', priority: 3, minShare: { map: 25, reduce: 25 } },
  { id: 'User2', priority: 2, minShare: { map: 10, reduce: 10 } },
  { id: 'User3', priority: 3, minShare: { map: 20, reduce: 20 } },
  { id: 'User4', priority: 2, minShare: { map: 15, reduce: 15 } },
  { id: 'User5', priority: 1 },
  { id: 'User6', priority: 2 },
] as const;

/** One pool per user holding its min share, with assumed queue capacities (90% by min share, 5% to each other user). */
export const EXP1_POOLS = [
  { id: 'User1', minShare: { map: 25, reduce: 25 }, capacity: 32, userLimitFactor: 20 },
  { id: 'User2', minShare: { map: 10, reduce: 10 }, capacity: 13, userLimitFactor: 20 },
  { id: 'User3', minShare: { map: 20, reduce: 20 }, capacity: 26, userLimitFactor: 20 },
  { id: 'User4', minShare: { map: 15, reduce: 15 }, capacity: 19, userLimitFactor: 20 },
  { id: 'User5', capacity: 5, userLimitFactor: 20 },
  { id: 'User6', capacity: 5, userLimitFactor: 20 },
] as const;

/** Exp1's users and pools with every min share times `scale`, rounded to whole slots (1: the paper's). */
export function scaledExp1(scale: number): { users: ScenarioFile['users']; pools: ScenarioFile['pools'] } {
  const share = (minShare: { readonly map: number; readonly reduce: number }) => ({ map: Math.round(minShare.map * scale), reduce: Math.round(minShare.reduce * scale) });
  return {
    users: EXP1_USERS.map((u) => ('minShare' in u ? { ...u, minShare: share(u.minShare) } : { ...u })),
    pools: EXP1_POOLS.map((p) => ('minShare' in p ? { ...p, minShare: share(p.minShare) } : { ...p })),
  };
}
