/**
 * Hosts and racks as a Rumen trace names them, and the cluster they make.
 *
 * An attempt names its host as a network path, `/rack/host`; a preferred
 * location as its layers, `[rack, host]`. Either way the host is the last
 * part and its rack the parts before it (joined by `/`, so a deeper topology
 * `/dc/rack/host` gives the rack `dc/rack`). A host the trace never names
 * with a rack is put in `default-rack`, the rack Hadoop gives a host its
 * topology script does not know (NetworkTopology.DEFAULT_RACK).
 *
 * The cluster has one node per host, ids as in the trace, in the rack the
 * trace first names for it, racks and nodes in order of first appearance (so
 * one trace always gives one scenario).
 */

export const DEFAULT_RACK = 'default-rack';

export interface HostPath {
  /** Undefined when the trace names the host without a rack. */
  readonly rack: string | undefined;
  readonly host: string;
}

/** `/rack/host` (or a bare `host`) to rack and host; undefined when it names no host. */
export function parseHostName(name: string): HostPath | undefined {
  return fromParts(name.split('/'));
}

/** A preferred location's layers (`[rack, host]`) to rack and host; undefined when empty. */
export function fromLayers(layers: readonly string[]): HostPath | undefined {
  return fromParts(layers);
}

function fromParts(parts: readonly string[]): HostPath | undefined {
  const named = parts.map((p) => p.trim()).filter((p) => p !== '');
  if (named.length === 0) return undefined;
  return { rack: named.length > 1 ? named.slice(0, -1).join('/') : undefined, host: named[named.length - 1] };
}

/** Every host seen, by rack, in order of first appearance. */
export class HostRegistry {
  private readonly rackOfHost = new Map<string, string>();
  private readonly hostsOfRack = new Map<string, string[]>();
  private readonly rackless = new Set<string>();
  /** Hosts the trace also names in a rack other than their first one. */
  readonly movedHosts = new Set<string>();

  add(path: HostPath): void {
    if (path.rack === undefined) {
      if (!this.rackOfHost.has(path.host)) this.rackless.add(path.host);
      return;
    }
    const known = this.rackOfHost.get(path.host);
    if (known !== undefined) {
      if (known !== path.rack) this.movedHosts.add(path.host);
      return;
    }
    this.rackless.delete(path.host);
    this.rackOfHost.set(path.host, path.rack);
    const hosts = this.hostsOfRack.get(path.rack);
    if (hosts === undefined) this.hostsOfRack.set(path.rack, [path.host]);
    else hosts.push(path.host);
  }

  /** Hosts never named with a rack (they go to default-rack). */
  get hostsWithoutRack(): number {
    return this.rackless.size;
  }

  get size(): number {
    return this.rackOfHost.size + this.rackless.size;
  }

  /**
   * The racks with their hosts, in order of first appearance; hosts never
   * named with a rack at the end of default-rack.
   */
  racks(): { readonly id: string; readonly hosts: readonly string[] }[] {
    const racks = [...this.hostsOfRack].map(([id, hosts]) => ({ id, hosts: [...hosts] }));
    if (this.rackless.size > 0) {
      const rack = racks.find((r) => r.id === DEFAULT_RACK);
      if (rack === undefined) racks.push({ id: DEFAULT_RACK, hosts: [...this.rackless] });
      else for (const host of this.rackless) rack.hosts.push(host);
    }
    return racks;
  }
}
