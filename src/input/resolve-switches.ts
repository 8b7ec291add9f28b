/**
 * The network above the nodes: the tree of switches rooted at 'core' (the
 * declared switches, then one switch per rack), its checks (unique ids,
 * parents that exist, no cycles) and its resolution.
 */
import type { NetworkSwitch } from '../model/cluster.js';
import { has, objects, str, type Obj } from './lenient-access.js';
import type { RackSlot } from './cluster-layout.js';
import { describeValue, type ParsedScenarioFile, type PathProblem } from './scenario-file.js';

/** The root switch every rack hangs off unless it names another. */
export const ROOT_SWITCH = 'core';

/** The uplink of a rack or a declared switch that sets none (10 Gbps). */
const RACK_UPLINK_DEFAULT = 10e9 / 8;

/** The switches a rack may hang off, as the switch checks found them. */
export interface SwitchIds {
  /** Whether `id` is the root or a declared switch. */
  readonly isSwitch: (id: string) => boolean;
  /** The root and the declared switches, listed for a problem's `expected` text. */
  readonly listed: () => string;
}

/** Checks of cluster.switches: unique ids, no parent for the root, parents that exist, no cycles. */
export function checkSwitches(cluster: Obj, racks: readonly RackSlot[], problems: PathProblem[]): SwitchIds {
  const switches = objects(cluster.switches);
  const switchIds = new Map<string, number>();
  switches.forEach((sw, i) => {
    const id = str(sw, 'id');
    if (id === undefined) return;
    if (switchIds.has(id)) {
      problems.push({ path: ['cluster', 'switches', i, 'id'], expected: 'a unique switch id', found: `'${id}' again` });
    } else {
      switchIds.set(id, i);
    }
    if (id === ROOT_SWITCH && has(sw, 'parent')) {
      problems.push({
        path: ['cluster', 'switches', i, 'parent'],
        expected: `no parent: '${ROOT_SWITCH}' is the root`,
        found: describeValue(sw.parent),
      });
    }
  });
  const isSwitch = (id: string) => id === ROOT_SWITCH || switchIds.has(id);
  const rackIds = new Set(racks.map((r) => r.id));
  const listed = () => [ROOT_SWITCH, ...switchIds.keys()].map((s) => `'${s}'`).join(', ');
  switches.forEach((sw, i) => {
    const parent = str(sw, 'parent');
    if (parent === undefined || str(sw, 'id') === ROOT_SWITCH) return;
    if (!isSwitch(parent)) {
      problems.push({
        path: ['cluster', 'switches', i, 'parent'],
        expected: `a declared switch (${listed()})${rackIds.has(parent) ? '; a rack cannot have switches below it' : ''}`,
        found: `'${parent}'`,
      });
    }
  });
  const reported = new Set<string>();
  switches.forEach((sw, i) => {
    const start = str(sw, 'id');
    if (start === undefined || reported.has(start)) return;
    const seen = [start];
    let current = start;
    for (;;) {
      const at = switchIds.get(current);
      const parent = at === undefined ? undefined : (str(switches[at], 'parent') ?? ROOT_SWITCH);
      if (parent === undefined || current === ROOT_SWITCH || !switchIds.has(parent)) return;
      if (parent === start) {
        seen.forEach((s) => reported.add(s));
        problems.push({
          path: ['cluster', 'switches', i, 'parent'],
          expected: `a switch tree rooted at '${ROOT_SWITCH}'`,
          found: `a cycle ${[...seen, start].join(' → ')}`,
        });
        return;
      }
      if (seen.includes(parent)) return; // a cycle further up, reported from its own members
      seen.push(parent);
      current = parent;
    }
  });
  return { isSwitch, listed };
}

/** The root, the declared switches parents first (then in file order), then one switch per rack. */
export function resolveSwitches(cluster: ParsedScenarioFile['cluster'], racks: readonly RackSlot[]): NetworkSwitch[] {
  const out: NetworkSwitch[] = [{ id: ROOT_SWITCH, parent: null, uplinkBandwidth: Number.POSITIVE_INFINITY }];
  const placed = new Set([ROOT_SWITCH]);
  let pending = (cluster.switches ?? []).filter((s) => s.id !== ROOT_SWITCH);
  while (pending.length > 0) {
    const ready = pending.filter((s) => placed.has(s.parent ?? ROOT_SWITCH));
    if (ready.length === 0) throw new Error('switch tree has a cycle after checks (a bug)');
    for (const s of ready) {
      out.push({ id: s.id, parent: s.parent ?? ROOT_SWITCH, uplinkBandwidth: s.uplinkBandwidth ?? RACK_UPLINK_DEFAULT });
      placed.add(s.id);
    }
    pending = pending.filter((s) => !placed.has(s.id));
  }
  for (const rack of racks) {
    const settings = rack.settings as { switch?: string; uplinkBandwidth?: number };
    out.push({ id: rack.id, parent: settings.switch ?? ROOT_SWITCH, uplinkBandwidth: settings.uplinkBandwidth ?? RACK_UPLINK_DEFAULT });
  }
  return out;
}
