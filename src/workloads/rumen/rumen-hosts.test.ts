import { describe, expect, it } from 'vitest';
import { DEFAULT_RACK, HostRegistry, fromLayers, parseHostName } from './rumen-hosts.js';

describe('Rumen host names', () => {
  it('an attempt host /rack/host is that host in that rack', () => {
    expect(parseHostName('/default-rack/foo.example.com')).toEqual({ rack: 'default-rack', host: 'foo.example.com' });
  });

  it('a deeper path keeps every level above the host as the rack', () => {
    expect(parseHostName('/dc1/rack7/h3')).toEqual({ rack: 'dc1/rack7', host: 'h3' });
  });

  it('a bare host name has no rack, and an empty path no host', () => {
    expect(parseHostName('h3')).toEqual({ rack: undefined, host: 'h3' });
    expect(parseHostName('/')).toBeUndefined();
  });

  it('preferred-location layers are [rack, host]', () => {
    expect(fromLayers(['r1', 'h1'])).toEqual({ rack: 'r1', host: 'h1' });
    expect(fromLayers([])).toBeUndefined();
  });
});

describe('HostRegistry', () => {
  it('keeps racks and hosts in order of first appearance, each host once', () => {
    const hosts = new HostRegistry();
    for (const [rack, host] of [['r2', 'b'], ['r1', 'a'], ['r2', 'c'], ['r2', 'b']]) hosts.add({ rack, host });
    expect(hosts.racks()).toEqual([
      { id: 'r2', hosts: ['b', 'c'] },
      { id: 'r1', hosts: ['a'] },
    ]);
    expect(hosts.size).toBe(3);
  });

  it('a host named in a second rack stays in its first and is reported', () => {
    const hosts = new HostRegistry();
    hosts.add({ rack: 'r1', host: 'a' });
    hosts.add({ rack: 'r2', host: 'a' });
    expect(hosts.racks()).toEqual([{ id: 'r1', hosts: ['a'] }]);
    expect([...hosts.movedHosts]).toEqual(['a']);
  });

  it('a host named without a rack takes the rack named elsewhere, else default-rack', () => {
    const hosts = new HostRegistry();
    hosts.add({ rack: undefined, host: 'a' });
    hosts.add({ rack: undefined, host: 'b' });
    hosts.add({ rack: 'r1', host: 'a' });
    expect(hosts.racks()).toEqual([
      { id: 'r1', hosts: ['a'] },
      { id: DEFAULT_RACK, hosts: ['b'] },
    ]);
    expect(hosts.hostsWithoutRack).toBe(1);
    expect(hosts.movedHosts.size).toBe(0);
  });
});
