/**
 * The simplest policy, for engine tests that must not depend on a scheduler:
 * at each heartbeat every active job, oldest first, takes the node's free
 * slots with its best-located pending maps, then its runnable reduces.
 */
import { OFF_RACK, type Policy, type RunEvents } from '../sim/policy.js';

export function firstComePolicy(extra: RunEvents = {}, name = 'first-come'): Policy {
  return {
    name,
    ...extra,
    onHeartbeat(node, view, decisions) {
      for (const job of view.activeJobs) {
        for (let task = view.findMap(job, node, OFF_RACK); task >= 0 && node.freeMapSlots > 0; task = view.findMap(job, node, OFF_RACK)) decisions.launchMap(job, task);
        for (let task = view.findReduce(job, node); task >= 0 && node.freeReduceSlots > 0; task = view.findReduce(job, node)) decisions.launchReduce(job, task);
      }
    },
  };
}
